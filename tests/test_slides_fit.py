"""Every slide of every notebook fits a projector screen in a RISE slideshow.

Each notebook is opened as a live RISE slideshow in JupyterLab (the browser test's server
and headless Chromium) on a screen of `lecture_utils.style.PROJECTOR_PX`, showing its
stored outputs; the notebooks are trusted, so that widgets are drawn from their stored
state as they look once run, not as a line of text. The test visits every slide and
sub-slide with reveal.js's arrow controls, stepping through the fragments; a hidden
fragment keeps its place, so each slide is measured with all its fragments laid out.

A slide fits when its content is no taller than 95 % of the screen, the height above
which RISE gives a slide a scroll bar, nothing on it (code or output) needs a horizontal
scroll bar, nothing it shows runs past the screen's left or right edge or is cut off by a
box that hides its overflow (a Markdown cell does: a long line of display maths is simply
cut), and its figures are shown at full size rather than shrunk to the slide's width.
What is checked for the width is what is drawn: text, maths glyphs, images and figures,
not the boxes around them, some of which are wider than the screen and draw nothing
there. All offenders are listed at once. The tallest slide of each notebook is saved as a
screenshot in tests/artifacts/.

The same slideshow, opened once per notebook, is also checked for legibility from the back
row: rise.css is loaded and sets the sizes of the text on the first slides (as on the
exported slides, see test_export_slides).
"""

import nbformat
import pytest
import test_browser
from test_browser import (
    ARTIFACTS,
    NAVIGATION,
    NOTEBOOKS,
    assert_legible,
    collect_text_sizes,
)

from lecture_utils.style import MAX_FIGURE_PX, PROJECTOR_PX

pytestmark = pytest.mark.browser

# The browser test's Chromium and its JupyterLab server on trusted copies of the notebooks
# (module-scoped fixtures), shared rather than copied.
browser = test_browser.browser
trusted_lab_server = test_browser.trusted_lab_server

#: RISE gives a slide a scroll bar when it is taller than this share of the screen.
RISE_SCROLL_SHARE = 0.95
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

# Slides change without an animation, so that what is measured or photographed is the
# slide at rest; widgets drawn from stored state lose their "disconnected" icons, which
# take room that the live widget does not.
PRESENTATION_CSS = """
.reveal .slides section, .reveal .slides section .fragment { transition: none !important; }
.jupyter-widgets-disconnected::before { content: none !important; }
"""

# In-page function: what the slide `section` draws outside the part of the screen where it
# can be seen, horizontally. Drawn things are text (the boxes of its words), MathJax's glyphs
# (drawn by CSS, so they have no text node), images, figures and canvases. Each is seen
# between the screen's edges, narrowed by every ancestor whose overflow is not visible
# (clipped, or scrolled: code and output areas that scroll are counted on their own).
# Results are grouped by the element a reader would name (display maths, a table, a
# paragraph...), with the farthest overrun, the start of the text that runs farthest (for
# maths, its cell of an aligned block) and how many other parts of it are cut too.
CUT_OFF = """slide => {
    const KINDS = [
        ['mjx-container[display="true"]', 'display maths'], ['mjx-container', 'maths'],
        ['table', 'table'], ['img, svg, canvas', 'figure'], ['.cm-content', 'code'],
        ['.jp-OutputArea-output', 'output'], ['h1, h2, h3, h4, h5, h6', 'heading'],
        ['li', 'list item'], ['p', 'paragraph'], ['*', 'element'],
    ];
    const SKIP = 'aside.notes, script, style, mjx-assistive-mml';
    const SCROLLERS = '.cm-scroller, .jp-OutputArea-output';
    const seen = new Map();
    // The horizontal stretch in which `element`'s drawing can be seen, and what bounds it.
    const visible = element => {
        if (!element) return {left: 0, right: innerWidth, by: null};
        if (seen.has(element)) return seen.get(element);
        let range = visible(element.parentElement);
        const style = getComputedStyle(element);
        // Overflow clips only block, flex and grid boxes (and table cells), not inline ones.
        const clips = style.overflowX !== 'visible' && style.display !== 'inline'
            && style.display !== 'contents' && !/^table-(?!cell)/.test(style.display);
        if (clips) {
            const box = element.getBoundingClientRect();
            const left = box.left + element.clientLeft;
            const right = left + element.clientWidth;
            range = {left: Math.max(range.left, left),
                     right: Math.min(range.right, right),
                     by: right < range.right || left > range.left ? element : range.by};
        }
        seen.set(element, range);
        return range;
    };
    const glyph = c => getComputedStyle(c, '::before').content.replace(/^"|"$/g, '');
    const text = element => element.matches('mjx-container *, mjx-container')
        ? [...element.querySelectorAll('mjx-c')].map(glyph).join('')
        : element.innerText || element.textContent;
    const found = new Map();
    const check = (element, boxes) => {
        if (element.closest(SKIP)) return;
        const room = visible(element);
        if (room.by && room.by.matches(SCROLLERS)) return;
        for (const box of boxes) {
            if (box.width < 1 || box.height < 1) continue;
            const over = Math.max(box.right - room.right, room.left - box.left);
            if (over <= 2) continue;
            const [selector, kind] = KINDS.find(([selector]) => element.closest(selector));
            const named = element.closest(selector);
            const piece = element.closest('mjx-mtd') || element.closest('mjx-mtr') || named;
            const last = found.get(named);
            const pieces = new Set(last ? last.pieces : []).add(piece);
            if (last) last.pieces = pieces;
            if (!last || over > last.over) {
                found.set(named, {kind: kind, over: Math.round(over), pieces: pieces,
                    side: box.right - room.right >= room.left - box.left ? 'right' : 'left',
                    clipped: !room.by ? 'off the screen'
                        : `cut off at ${Math.round(room.right)} px by its `
                          + (room.by.closest('.jp-Cell') ? 'cell' : room.by.tagName.toLowerCase()),
                    text: (text(piece).replace(/\\s+/g, ' ').trim()
                           || `${Math.round(box.width)} px wide`).slice(0, 60)});
            }
        }
    };
    // Text word by word: the space that ends a wrapped line hangs past the edge unseen.
    const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent.trim() || node.parentElement.closest('svg')) continue;
        const boxes = [];
        for (const word of node.textContent.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            boxes.push(...range.getClientRects());
        }
        check(node.parentElement, boxes);
    }
    for (const element of slide.querySelectorAll('mjx-c, mjx-line, img, canvas, svg')) {
        if (element.matches('svg') && element.parentElement.closest('svg')) continue;
        check(element, element.getClientRects());
    }
    return [...found.values()].map(({pieces, ...cut}) => ({...cut, others: pieces.size - 1}));
}"""

# Steps through the slideshow with the arrow controls ("down" before "right", so that no
# fragment or sub-slide is skipped) and measures each slide not in `seen` the first time it
# is shown. It stops early on a slide taller than `tallest`, for a screenshot, and otherwise
# runs to the end in the page, so that a step costs a frame rather than a round trip.
WALK_SLIDESHOW = "async ([seen, tallest]) => {" + NAVIGATION + "const cutOff = " + CUT_OFF + """;
    const screen = document.querySelector('.reveal').getBoundingClientRect().height;
    const slides = [];
    for (let step = 0; step < 2000; step++) {
        const slide = present();
        if (!seen.includes(slide.id) && !slides.some(measured => measured.id === slide.id)) {
            const images = [...slide.querySelectorAll('.jp-OutputArea-output img')];
            const room = images.filter(image => !image.closest('.widget-output'))
                .map(image => image.parentElement.getBoundingClientRect().width);
            slides.push({
                id: slide.id,
                height: slide.scrollHeight,
                screen: screen,
                too_wide: [...slide.querySelectorAll('.cm-scroller, .jp-OutputArea-output')]
                    .filter(node => node.scrollWidth > node.clientWidth + 1).length,
                cut_off: cutOff(slide),
                shrunk: images.filter(image => image.width < image.naturalWidth)
                    .map(image => `${image.naturalWidth} px shown as ${image.width} px`),
                figure_room: room.length ? Math.min(...room) : null,
            });
            if (slide.scrollHeight > tallest) return {slides: slides, done: false};
        }
        const button = control(['down', 'right']);
        if (!button) return {slides: slides, done: true};
        button.click();
        await frame();
    }
    throw new Error('the slideshow did not end after 2000 steps');
}"""

# Back to the first slide with the arrow controls ("up" before "left"), a frame a step.
TO_FIRST_SLIDE = "async () => {" + NAVIGATION + """
    for (let step = 0; step < 2000; step++) {
        const button = control(['up', 'left']);
        if (!button) return;
        button.click();
        await frame();
    }
    throw new Error('the first slide was not reached after 2000 steps');
}"""


def slide_titles(path):
    """Map RISE's section ids (``slide-H-V``) to a title for each slide of a notebook.

    RISE starts a new slide (H + 1, V = 0) at a cell of type "slide" and a sub-slide
    (V + 1) at one of type "subslide". The title is the slide's first markdown heading,
    or else the first line of its first shown cell.
    """
    titles, cells = {}, {}
    h, v = -1, 0
    for index, cell in enumerate(nbformat.read(path, as_version=4).cells):
        kind = cell.metadata.get("slideshow", {}).get("slide_type", "-")
        if kind == "slide" or index == 0:
            h, v = h + 1, 0
        elif kind == "subslide":
            v += 1
        if kind not in ("skip", "notes"):
            cells.setdefault(f"slide-{h}-{v}", []).append(cell)
    for section, shown in cells.items():
        lines = [line for cell in shown for line in cell.source.splitlines() if line.strip()]
        headings = [line for cell in shown if cell.cell_type == "markdown"
                    for line in cell.source.splitlines() if line.startswith("#")]
        title = headings[0].lstrip("#").strip() if headings else (lines or [""])[0].strip()
        titles[section] = title[:70]
    return titles


def _widget_count(path):
    return sum(WIDGET_VIEW in output.get("data", {})
               for cell in nbformat.read(path, as_version=4).cells
               for output in cell.get("outputs", []))


@pytest.fixture(scope="module", params=NOTEBOOKS, ids=lambda p: p.name)
def slideshow(request, browser, trusted_lab_server):
    """A notebook's path and its RISE slideshow, opened once for every test of it here (an
    opening starts a kernel and draws every slide); each test starts at the first slide."""
    page = _open_slideshow(browser, trusted_lab_server, request.param)
    try:
        yield request.param, page
    finally:
        page.close()


def _open_slideshow(browser, server, path):
    page = browser.new_page()
    page.set_viewport_size({"width": PROJECTOR_PX[0], "height": PROJECTOR_PX[1]})
    page.goto(f"{server['url']}/rise/{path.name}?token={server['token']}")
    page.wait_for_selector(".reveal .slides section.present", timeout=60_000)
    page.wait_for_selector(".jp-Notebook-cell", timeout=60_000)
    page.add_style_tag(content=PRESENTATION_CSS)
    # Stored widget views are drawn once the kernel is up and their state restored.
    page.wait_for_function(
        "n => document.querySelectorAll('.widget-interact .widget-output img').length >= n",
        arg=_widget_count(path), timeout=60_000,
    )
    page.evaluate("document.fonts.ready.then(() => true)")
    return page


def _measure_every_slide(page, screenshot):
    """Visit every step of the slideshow; return the measurements of each slide, in order,
    and save a screenshot of the tallest one."""
    slides, tallest = [], 0
    while True:
        walked = page.evaluate(WALK_SLIDESHOW, [[slide["id"] for slide in slides], tallest])
        slides += walked["slides"]
        if walked["done"]:
            return slides
        tallest = slides[-1]["height"]
        page.screenshot(path=str(screenshot))


# The legibility test comes before the fit test, and pytest runs a notebook's tests in this
# order: it looks at the first few slides only, so the walk back to the first slide that the
# fit test starts with is short. Walking back from the last slide instead (one arrow click a
# step, through every slide) made this file about 9 s slower (67 s and 71 s in two runs,
# against 55 s and 64 s).

# The next step of the slideshow ("down" before "right"), a frame later; false at the end.
NEXT_SLIDE = "async () => {" + NAVIGATION + """
    const button = control(['down', 'right']);
    if (!button) return false;
    button.click();
    await frame();
    return true;
}"""


def test_rise_slides_are_legible_from_the_back_row(slideshow):
    """On a 1280x720 RISE slideshow, rise.css is loaded and sets the text sizes of the
    first slides with text (up to and including one with code and one with text output)."""
    path, page = slideshow
    page.wait_for_function(
        "() => [...document.styleSheets].some(sheet => sheet.href"
        " && sheet.href.endsWith('/files/rise.css') && sheet.cssRules.length)",
        timeout=30_000,
    )
    page.evaluate(TO_FIRST_SLIDE)
    sizes, measured = collect_text_sizes(page, lambda: page.evaluate(NEXT_SLIDE))
    print(f"{path.name} in RISE, {measured} slides: {sizes}")
    assert_legible(sizes, f"{path.name} in RISE")
    page.screenshot(path=str(ARTIFACTS / f"{path.stem}_rise_text_sizes.png"))


def test_every_slide_fits_the_projector_screen(slideshow):
    path, page = slideshow
    page.evaluate(TO_FIRST_SLIDE)
    slides = _measure_every_slide(page, ARTIFACTS / f"{path.stem}_rise_tallest_slide.png")
    titles = slide_titles(path)
    assert [s["id"] for s in slides] == list(titles), "RISE shows other slides than expected"
    offenders = []
    for slide in slides:
        limit = RISE_SCROLL_SHARE * slide["screen"]
        where = f"{path.name}, {slide['id']} {titles[slide['id']]!r}"
        if slide["height"] > limit:
            offenders.append(f"{where}: {slide['height']} px tall, {limit:.0f} px fit")
        if slide["too_wide"]:
            offenders.append(f"{where}: {slide['too_wide']} code or output areas scroll sideways")
        for cut in slide["cut_off"]:
            others = f" (and {cut['others']} more of its parts)" if cut["others"] else ""
            offenders.append(f"{where}: {cut['kind']} {cut['text']!r}{others} runs {cut['over']} "
                             f"px past the {cut['side']} edge, {cut['clipped']}")
        for shrunk in slide["shrunk"]:
            offenders.append(f"{where}: a figure of {shrunk}")
    assert not offenders, (
        f"{len(offenders)} slides do not fit a {PROJECTOR_PX[0]}x{PROJECTOR_PX[1]} screen; "
        "split them (a sub-slide with a short heading), shorten outputs, lines or "
        "annotations, or make figures smaller:\n" + "\n".join(offenders)
    )
    # The widest figure the notebooks may hold would be shown at full size too.
    room = [slide["figure_room"] for slide in slides if slide["figure_room"]]
    assert room and min(room) >= MAX_FIGURE_PX[0]
