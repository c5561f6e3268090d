"""notebooks/export_slides.py: offline reveal.js slides from the notebooks.

The first tests use a stand-in library cache in a temporary folder and a stand-in
``npm``, so they need no network. The browser test exports with the real cache
(filled by ``python notebooks/export_slides.py --fetch-only``), opens the slides
from ``file://`` in headless Chromium with every other request refused, and checks
that reveal.js and MathJax run. Each deck is opened once for all its browser checks
(`OpenedDeck`). Screenshots go to tests/artifacts/.

The exported slides are also audited for accessibility: axe-core (fetched into the same
cache, never into the slides) runs its WCAG 2.1 A and AA rules on every slide at once,
and every figure must carry a description of its own, not nbconvert's placeholder.
"""

import functools
import importlib.util
import os
import re
import stat
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import pytest
import test_browser
from test_browser import (
    ARTIFACTS,
    _require_chromium,
    assert_legible,
    collect_text_sizes,
    is_described,
)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

# The browser test's headless Chromium (a module-scoped fixture), shared rather than copied.
browser = test_browser.browser


def _load_export_slides():
    spec = importlib.util.spec_from_file_location(
        "export_slides", ROOT / "notebooks" / "export_slides.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


export_slides = _load_export_slides()


# --- what an exported page loads ----------------------------------------------------------------

class _LoadedUrls(HTMLParser):
    """Collect every URL a page loads by itself: script src, stylesheet href, img src,
    and the text of inline scripts and styles (searched below)."""

    def __init__(self):
        super().__init__()
        self.urls, self.scripts, self.styles, self._inside = [], [], [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("src"):
            self.urls.append(attrs["src"])
        elif tag == "link" and attrs.get("href"):
            self.urls.append(attrs["href"])
        elif tag == "img" and attrs.get("src"):
            self.urls.append(attrs["src"])
        self._inside = tag if tag in ("script", "style") else None

    def handle_endtag(self, tag):
        self._inside = None

    def handle_data(self, data):
        if self._inside == "script":
            self.scripts.append(data)
        elif self._inside == "style":
            self.styles.append(data)


def _require_modules(script):
    """The module paths in ``require({...}, [paths], ...)`` calls."""
    lists = re.findall(r"require\(\s*\{.*?\}\s*,\s*\[(.*?)\]", script, flags=re.DOTALL)
    return [path for found in lists for path in re.findall(r"[\"']([^\"']+)[\"']", found)]


def _es_imports(script):
    return re.findall(r"\bimport\b[^;\"']*?[\"']([^\"']+)[\"']", script)


def _css_urls(style):
    return re.findall(r"(?:@import\s+(?:url\()?|url\()\s*[\"']?([^\"')\s;]+)", style)


def loaded_urls(html):
    """Every URL the page would fetch: tags, require.js modules, ES imports, CSS urls."""
    parser = _LoadedUrls()
    parser.feed(html)
    urls = list(parser.urls)
    for script in parser.scripts:
        urls += _require_modules(script) + _es_imports(script)
    for style in parser.styles:
        urls += _css_urls(style)
    return [url for url in urls if not url.startswith("data:")]


def test_loaded_urls_finds_tags_require_modules_imports_and_css():
    html = """<link rel="stylesheet" href="a.css"><script src="b.js?x=1"></script>
    <img src="data:image/png;base64,AAAA"><img src="c.png">
    <script>require({waitSeconds: 15}, ["d/e.js", "f.js"], function(){});</script>
    <script type="module">import m from 'https://cdn.example/m.mjs';</script>
    <style>@import url(https://fonts.example/x.css); p {background: url("g.png")}</style>"""
    assert sorted(loaded_urls(html)) == sorted([
        "a.css", "b.js?x=1", "c.png", "d/e.js", "f.js", "https://cdn.example/m.mjs",
        "https://fonts.example/x.css", "g.png",
    ])


# --- export with a stand-in cache ------------------------------------------------------------

def _fake_cache(cache_dir):
    """A cache holding a tiny stand-in file at every path the slides use."""
    for package in export_slides.VENDOR:
        folder = export_slides.cached_package(package, cache_dir)
        for name in package.files:
            path = folder / name / "stand-in.js" if name.endswith("/") else folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"/* stand-in for {package.name} {name} */\n")


def _no_npm(package, destination):
    raise AssertionError(f"npm was called for {package.name} although it is cached")


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """Notebook 01 exported with a stand-in cache, and npm forbidden."""
    base = tmp_path_factory.mktemp("export")
    _fake_cache(base / "cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(export_slides, "npm_pack", _no_npm)
        [path] = export_slides.export(NOTEBOOKS[:1], base / "slides", base / "cache")
    return path


def test_slides_are_written_as_nn_name_slides_html(exported):
    assert exported.name == f"{NOTEBOOKS[0].stem}.slides.html"
    assert exported.parent.joinpath("vendor").is_dir()


def test_exported_slides_load_only_relative_local_files_that_exist(exported):
    urls = loaded_urls(exported.read_text(encoding="utf-8"))
    assert len(urls) >= 7, urls  # reveal css, theme, js, notes, require.js, jQuery, MathJax
    remote = [url for url in urls if urlsplit(url).scheme or url.startswith("//")]
    assert not remote, f"the slides load from the network: {remote}"
    absolute = [url for url in urls if url.startswith("/")]
    assert not absolute, f"absolute paths break when the folder moves: {absolute}"
    missing = [url for url in urls if not (exported.parent / urlsplit(url).path).is_file()]
    assert not missing, f"referenced but not in the slides folder: {missing}"


def test_exported_slides_use_local_mathjax_2_not_latest_js(exported):
    html = exported.read_text(encoding="utf-8")
    assert "MathJax.js?config=TeX-AMS_CHTML-full,Safe" in html
    assert "latest.js" not in html


def test_widgets_are_replaced_by_a_note_and_no_widget_manager_is_loaded(exported):
    html = exported.read_text(encoding="utf-8")
    has_widgets = any(
        export_slides.WIDGET_VIEW in output.get("data", {})
        for cell in nbformat.read(NOTEBOOKS[0], as_version=4).cells
        for output in cell.get("outputs", [])
    )
    assert has_widgets, "notebook 01 no longer has a widget: pick one that does"
    assert export_slides.WIDGET_NOTE in html
    assert export_slides.WIDGET_VIEW not in html and WIDGET_STATE not in html
    assert "html-manager" not in html


def test_without_widgets_leaves_the_notebook_itself_unchanged():
    notebook = nbformat.read(NOTEBOOKS[0], as_version=4)
    before = nbformat.writes(notebook)
    stripped = export_slides.without_widgets(notebook)
    assert nbformat.writes(notebook) == before
    assert "widgets" not in stripped.metadata
    assert len(stripped.cells) == len(notebook.cells)


def test_slides_are_16_by_9_without_transitions():
    options = export_slides.SLIDE_OPTIONS
    assert int(options["reveal_width"]) * 9 == int(options["reveal_height"]) * 16
    assert options["reveal_transition"] == "none"


def test_slides_are_laid_out_at_the_size_rise_css_is_written_for():
    from lecture_utils.style import PROJECTOR_PX

    options = export_slides.SLIDE_OPTIONS
    assert (int(options["reveal_width"]), int(options["reveal_height"])) == PROJECTOR_PX


def test_the_slides_style_sheet_is_inlined(exported):
    html = exported.read_text(encoding="utf-8")
    css = export_slides.RISE_CSS.read_text(encoding="utf-8")
    parser = _LoadedUrls()
    parser.feed(html)
    assert any(css.strip() in style for style in parser.styles), "rise.css is not inlined"


def test_axe_core_is_pinned_fetched_for_the_tests_and_kept_out_of_the_slides(exported):
    axe = export_slides.AXE_CORE
    assert re.fullmatch(r"4\.\d+\.\d+", axe.version), "pin one axe-core 4.x release"
    assert "axe.min.js" in axe.files
    assert axe in export_slides.FETCHED and axe not in export_slides.VENDOR
    assert not (exported.parent / "vendor" / axe.folder).exists()
    html = exported.read_text(encoding="utf-8")
    parser = _LoadedUrls()
    parser.feed(html)
    assert not [url for url in loaded_urls(html) if "axe" in url]
    assert not [script for script in parser.scripts if re.search(r"\baxe\b", script)]


# --- fetching with a stand-in npm ---------------------------------------------------------------

FAKE_NPM = """#!{python}
# Stand-in for `npm pack NAME@VERSION --pack-destination DIR`.
import sys, tarfile, pathlib, io
spec, destination = sys.argv[2], pathlib.Path(sys.argv[4])
if {fail}:
    sys.stderr.write("npm error network request failed\\n")
    sys.exit(1)
name = spec.rsplit("@", 1)[0]
with tarfile.open(destination / (name + ".tgz"), "w:gz") as archive:
    for path in {files}[name]:
        data = b"stand-in"
        info = tarfile.TarInfo("package/" + (path + "x.js" if path.endswith("/") else path))
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
print(name + ".tgz")
"""


def _install_fake_npm(folder, monkeypatch, fail=False):
    files = {package.name: list(package.files) for package in export_slides.FETCHED}
    npm = folder / "npm"
    npm.write_text(FAKE_NPM.format(python=sys.executable, fail=fail, files=files))
    npm.chmod(npm.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")


def test_fetch_unpacks_each_package_into_the_cache_and_then_reuses_it(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _install_fake_npm(bin_dir, monkeypatch)
    cache = tmp_path / "cache"
    export_slides.fetch_all(cache)
    for package in export_slides.FETCHED:
        folder = export_slides.cached_package(package, cache)
        assert all((folder / name).exists() for name in package.files), package.name
    assert sorted(p.name for p in cache.iterdir()) == sorted(
        package.folder for package in export_slides.FETCHED
    ), "a temporary folder was left in the cache"
    monkeypatch.setattr(export_slides, "npm_pack", _no_npm)
    export_slides.fetch_all(cache)


def test_a_failing_npm_stops_the_fetch_with_its_message(tmp_path, monkeypatch, capsys):
    _install_fake_npm(tmp_path, monkeypatch, fail=True)
    with pytest.raises(RuntimeError, match=r"(?s)npm pack reveal\.js@4\.0\.2.*network request"):
        export_slides.fetch(export_slides.REVEAL, tmp_path / "cache")
    assert not export_slides.cached_package(export_slides.REVEAL, tmp_path / "cache").exists()
    monkeypatch.setattr(export_slides, "CACHE_DIR", tmp_path / "cache")
    assert export_slides.main(["--fetch-only"]) == 1
    assert "registry is reachable" in capsys.readouterr().err


def test_a_missing_npm_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setattr(export_slides.shutil, "which", lambda name: None)
    with pytest.raises(RuntimeError, match="npm is needed once.*install Node.js and npm"):
        export_slides.fetch(export_slides.JQUERY, tmp_path / "cache")


def test_a_package_without_a_listed_file_is_refused(tmp_path, monkeypatch):
    _install_fake_npm(tmp_path, monkeypatch)
    incomplete = export_slides.VendorPackage("jquery", "3.7.1", ("dist/not-there.js",))
    with pytest.raises(RuntimeError, match=r"lacks \['dist/not-there\.js'\]"):
        export_slides.fetch(incomplete, tmp_path / "cache")


# --- the real thing, in Chromium ----------------------------------------------------------------

def _require_vendor_cache(packages=export_slides.VENDOR):
    missing = [package.folder for package in packages
               if not export_slides.cached_package(package).is_dir()]
    if not missing:
        return
    message = (f"the slides' libraries are not cached ({', '.join(missing)}); run "
               "`python notebooks/export_slides.py --fetch-only` once (needs npm).")
    if os.environ.get("CI"):
        pytest.fail(message + " CI must run this test.")
    pytest.skip(message)


def _notes_cells(notebook_path):
    """The sources of a notebook's speaker-notes cells (slide type ``notes``), in order."""
    notebook = nbformat.read(notebook_path, as_version=4)
    return [cell.source for cell in notebook.cells
            if cell.metadata.get("slideshow", {}).get("slide_type") == "notes"]


def _has_math(notebook_path):
    notebook = nbformat.read(notebook_path, as_version=4)
    return any(cell.cell_type == "markdown" and "$" in cell.source for cell in notebook.cells)


@pytest.fixture(scope="module")
def slides_html(tmp_path_factory):
    """Every notebook's slides, exported once for the tests of this module: the HTML alone,
    to which `real_slides` adds the libraries for the browser."""
    slides_dir = tmp_path_factory.mktemp("slides")
    exporter = export_slides.make_exporter()
    for notebook in NOTEBOOKS:
        export_slides.export_notebook(notebook, slides_dir, exporter)
    return slides_dir


@pytest.fixture(scope="module")
def real_slides(slides_html):
    """`slides_html` with the libraries from the cache, as `export_slides.export` writes them."""
    _require_chromium()
    _require_vendor_cache()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(export_slides, "npm_pack", _no_npm)
        export_slides.copy_vendor(slides_html)
    return slides_html


# --- the speaker notes reach the slides ---------------------------------------------------------

class _Asides(HTMLParser):
    """The text inside each ``<aside class="notes">``."""

    def __init__(self):
        super().__init__()
        self.notes, self._depth = [], 0

    def handle_starttag(self, tag, attrs):
        if tag == "aside" and "notes" in (dict(attrs).get("class") or "").split():
            self.notes.append("")
            self._depth = 1
        elif self._depth and tag == "aside":
            self._depth += 1

    def handle_endtag(self, tag):
        if self._depth and tag == "aside":
            self._depth -= 1

    def handle_data(self, data):
        if self._depth:
            self.notes[-1] += data


@pytest.mark.parametrize("notebook_path", NOTEBOOKS, ids=lambda path: path.stem)
def test_exported_slides_carry_every_note_as_reveal_speaker_notes(slides_html, notebook_path):
    notes = _notes_cells(notebook_path)
    html = export_slides.slides_path(notebook_path, slides_html).read_text(encoding="utf-8")
    parser = _Asides()
    parser.feed(html)
    assert len(parser.notes) == len(notes)
    def words(text):  # without markdown marks, list bullets and maths delimiters
        text = re.sub(r"(?m)^\s*[-*+]\s+", "", text)
        return " ".join(re.sub(r"[*_`$]", "", text).split())

    for source, shown in zip(notes, parser.notes, strict=True):
        first_words = " ".join(words(source).split()[:4])
        assert first_words in words(shown)


#: The window the slides are presented in (the run-offline checks, their screenshots and the
#: axe audit), and the smaller screen on which the legibility walk measures the text.
PRESENTED_VIEWPORT = {"width": 1600, "height": 900}
SMALL_SCREEN_VIEWPORT = {"width": 1280, "height": 720}


def _open_offline(context, url):
    """Open ``url`` allowing only file:// requests; return the page and its logs."""
    page = context.new_page()
    page.set_viewport_size(PRESENTED_VIEWPORT)
    log = {"refused": [], "failed": [], "errors": []}

    def only_local_files(route):
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            log["refused"].append(route.request.url)
            route.abort()

    page.route("**/*", only_local_files)
    page.on("requestfailed", lambda request: log["failed"].append(request.url))
    page.on("pageerror", lambda error: log["errors"].append(str(error)))
    page.on("console", lambda m: m.type == "error" and log["errors"].append(m.text))
    page.goto(url)
    return page, log


class OpenedDeck:
    """A notebook's exported slides, opened offline (`_open_offline`) once for every browser
    check of the deck: each opening loads reveal.js and has MathJax typeset every formula
    again, seconds of work.

    `as_presented` hands out the page as opened (first slide, no fragment shown, at a given
    window size), putting it back there if an earlier check moved on; `audit` lays every
    slide out at once (`show_every_slide`), which cannot be undone in place, so the next
    `as_presented` opens the deck anew, with a new request log.

    Attributes: ``notebook``, ``slides`` (the exported file), ``page``, ``log`` (the
    requests refused and failed and the page's errors since the opening, see `_open_offline`)
    and ``reveal_module`` (reveal.js's require.js module name).
    """

    def __init__(self, browser, slides_dir, notebook):
        self.browser, self.notebook = browser, notebook
        self.slides = export_slides.slides_path(notebook, slides_dir)
        self.reveal_module = export_slides.library_urls()["reveal_url_prefix"] + "/dist/reveal.js"
        self.page = self.log = None
        self.open()

    def open(self):
        """Open the slides (again) and wait until reveal.js has laid them out."""
        self.close()
        page, self.log = _open_offline(self.browser, self.slides.as_uri())
        try:
            page.wait_for_selector(".reveal.ready .slides section", state="attached",
                                   timeout=30_000)
        except Exception:
            page.close()
            raise
        self.page, self.handed_out, self.every_slide_shown = page, False, False

    def close(self):
        if self.page is not None:
            self.page.close()
            self.page = None

    def reveal(self, method, *args):
        """Call reveal.js's API ``method`` with ``args`` in the page; return its result."""
        return self.page.evaluate("([name, method, args]) => require(name)[method](...args)",
                                  [self.reveal_module, method, list(args)])

    def as_presented(self, viewport=PRESENTED_VIEWPORT):
        """The page as opened: at ``viewport``, on the first slide with none of its fragments
        shown (reveal.js's ``slide(0, 0, -1)``), laid out again for the window."""
        if self.every_slide_shown:
            self.open()
        if self.page.viewport_size != viewport:
            self.page.set_viewport_size(viewport)
            self.reveal("layout")
        if self.handed_out:
            self.reveal("slide", 0, 0, -1)
        self.handed_out = True
        return self.page

    def audit(self):
        """`audit_slides` of the deck as presented, once MathJax has typeset every formula.
        It leaves every slide shown."""
        page = self.as_presented()
        _wait_for_slides(page, self.notebook)
        self.every_slide_shown = True
        return audit_slides(page)


@pytest.fixture(scope="module", params=NOTEBOOKS, ids=lambda path: path.stem)
def deck(request, real_slides, browser):
    """Each notebook's exported slides, opened once (`OpenedDeck`) for all the browser checks
    of that deck. pytest runs the tests of one deck one after the other, in the order they
    are written in this file: the axe audit, which shows every slide at once, comes last."""
    opened = OpenedDeck(browser, real_slides, request.param)
    yield opened
    opened.close()


@pytest.mark.browser
def test_exported_slides_run_offline_in_chromium(deck):
    page, notebook = deck.as_presented(), deck.notebook
    reveal_ready = page.evaluate(
        "name => require.defined(name) && require(name).isReady()", deck.reveal_module
    )
    assert reveal_ready, "reveal.js was not loaded and initialised"
    assert page.locator(".reveal .slides section").count() > 1
    # Speaker notes are in the page, one per notes cell, and hidden from the audience.
    notes = page.locator(".reveal aside.notes")
    assert notes.count() == len(_notes_cells(notebook))
    assert not any(notes.nth(i).is_visible() for i in range(notes.count())), \
        "speaker notes show on the audience's slide"
    if _has_math(notebook):
        page.wait_for_selector(".MathJax, .MathJax_CHTML, mjx-container",
                               state="attached", timeout=30_000)
        errors = page.locator(".MathJax_Error, .mjx-merror").count()
        assert errors == 0, f"{errors} formulas did not typeset"
    page.wait_for_timeout(500)
    page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}_slides_offline.png"))
    deck.reveal("slide", 1)
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}_slides_offline_2.png"))
    log = deck.log
    assert log["refused"] == [], f"requests to the network: {log['refused']}"
    assert log["failed"] == [], f"files that failed to load: {log['failed']}"
    assert log["errors"] == [], f"errors in the page: {log['errors']}"


@pytest.mark.browser
def test_exported_slides_are_legible_from_the_back_row(deck):
    """The static slides, on a 1280x720 screen, show the text at rise.css's sizes."""
    page, notebook = deck.as_presented(SMALL_SCREEN_VIEWPORT), deck.notebook

    def step():
        if deck.reveal("isLastSlide"):
            return False
        deck.reveal("next")
        return True

    sizes, measured = collect_text_sizes(page, step)
    print(f"{notebook.name} exported, {measured} slides: {sizes}")
    assert_legible(sizes, f"{notebook.name} exported")
    page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}_slides_text_sizes.png"))


# --- accessibility: an axe-core audit and the figures' descriptions -----------------------------

#: The rules of WCAG 2.0 and 2.1, levels A and AA, as axe-core tags them.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# reveal.js shows one slide (and its fragments so far) and hides the others (display: none,
# the hidden attribute, aria-hidden), and axe-core audits only what is shown. For the audit,
# every slide and fragment is laid out one below the other on one long page, in front of
# reveal.js's (empty, transparent) slide backgrounds. Speaker notes stay hidden.
SHOW_EVERY_SLIDE_CSS = """
html, body, .reveal-viewport, .reveal { height: auto !important; overflow: visible !important; }
.reveal .backgrounds { display: none !important; }
.reveal .slides {
    position: relative !important; inset: auto !important; height: auto !important;
    margin: 0 auto !important; transform: none !important; zoom: 1 !important;
}
.reveal .slides section {
    display: block !important; position: relative !important; inset: auto !important;
    height: auto !important; max-height: none !important; overflow: visible !important;
    opacity: 1 !important; visibility: visible !important; transform: none !important;
    transition: none !important;
}
.reveal .slides section .fragment {
    opacity: 1 !important; visibility: inherit !important; transform: none !important;
}
"""

# In-page function: where an element is, for a reader of the test's report: "slide H.V"
# (reveal.js's horizontal and vertical numbers, from 1) and the slide's first heading or
# first words, or "outside the slides" (reveal.js's controls, slide number...).
SLIDE_OF = r"""element => {
    const section = element && element.closest('.reveal .slides section:not(.stack)');
    if (!section) return 'outside the slides';
    const parent = section.parentElement.closest('section');
    const top = parent || section;
    const h = [...document.querySelectorAll('.reveal .slides > section')].indexOf(top) + 1;
    const v = parent ? [...parent.children].filter(c => c.matches('section'))
        .indexOf(section) + 1 : 1;
    // The title as text: MathJax's rendering left out, its TeX source kept.
    const heading = (section.querySelector('h1, h2, h3, h4, h5, h6') || section).cloneNode(true);
    heading.querySelectorAll('.MathJax_Preview, .MathJax_CHTML, .MathJax, .MJX_Assistive_MathML,'
        + ' mjx-container, aside.notes, style').forEach(node => node.remove());
    heading.querySelectorAll('script[type^="math/tex"]')
        .forEach(script => script.replaceWith(`$${script.textContent}$`));
    heading.querySelectorAll('script').forEach(node => node.remove());
    const title = heading.textContent.replace(/\s+/g, ' ').replace(/¶/g, '').trim().slice(0, 60);
    return `slide ${h}.${v} "${title}"`;
}"""

# In-page function: run axe-core's rules with the given tags on the whole document; return
# its version and the rules that found something, each with the elements concerned. A text
# whose contrast axe-core measured below the threshold but left for review (it does so for
# a single digit, say, which could be an icon) counts too.
AXE_AUDIT = "async ([tags, include]) => { const slideOf = " + SLIDE_OF + r""";
    const result = await axe.run(include ? {include: include} : document, {
        runOnly: {type: 'tag', values: tags},
        resultTypes: ['violations', 'incomplete'], elementRef: true,
        // No fetching of the style sheets: from file:// the browser refuses it (CORS).
        preload: false,
    });
    const tooLow = check => check.data && check.data.contrastRatio > 0
        && check.data.contrastRatio < parseFloat(check.data.expectedContrastRatio);
    const summary = (node, review) => {
        const low = review && node.any.find(tooLow);
        const measured = low ? `contrast of ${low.data.contrastRatio} (foreground color: `
            + `${low.data.fgColor}, background color: ${low.data.bgColor}, font size: `
            + `${low.data.fontSize}), ${low.data.expectedContrastRatio} expected; ` : '';
        return (measured + (node.failureSummary || '')).replace(/\s+/g, ' ')
            .replace(/Fix (any|all) of the following: /g, '');
    };
    const describe = (rule, nodes, review) => ({
        id: rule.id, impact: rule.impact, help: rule.help, review: review,
        nodes: nodes.map(node => ({
            target: node.target.map(String).join(' '),
            html: node.html.replace(/\s+/g, ' ').slice(0, 100),
            summary: summary(node, review),
            slide: slideOf(node.element),
        })),
    });
    const found = result.violations.map(rule => describe(rule, rule.nodes, false));
    for (const rule of result.incomplete.filter(rule => rule.id === 'color-contrast')) {
        const low = rule.nodes.filter(node => node.any.some(tooLow));
        if (low.length) found.push(describe(rule, low, true));
    }
    return {version: axe.version, found: found};
}"""

# In-page function: every image of the page, shown or not, with its alt attribute (null
# when there is none) and where it is.
IMAGES = "() => { const slideOf = " + SLIDE_OF + """;
    return [...document.querySelectorAll('img')].map(image => ({
        alt: image.getAttribute('alt'), slide: slideOf(image),
        src: (image.getAttribute('src') || '').slice(0, 40),
    }));
}"""


@functools.cache
def axe_source():
    """The text of axe.min.js, from the library cache (fetched by ``--fetch-only``)."""
    _require_vendor_cache([export_slides.AXE_CORE])
    return (export_slides.cached_package(export_slides.AXE_CORE) / "axe.min.js").read_text(
        encoding="utf-8")


#: What a reveal.js page shows as presented: its own elements, and the slide on show.
PRESENTED_ONLY = [".reveal > :not(.slides)", ".reveal .slides > section.present"]


def show_every_slide(page):
    """Lay out every slide and fragment of a reveal.js page one below the other, shown."""
    page.add_style_tag(content=SHOW_EVERY_SLIDE_CSS)
    page.evaluate("""() => document.querySelectorAll('.reveal .slides section').forEach(
        section => ['hidden', 'aria-hidden'].forEach(name => section.removeAttribute(name)))""")


def axe_audit(page, include=None):
    """Audit ``page`` with axe-core's WCAG 2.1 A and AA rules (injected if need be): the
    whole document, or only the elements that match one of the selectors ``include``.

    Returns axe-core's version and a list of the rules that found something: id, impact,
    help, whether axe-core left it for review, and the elements (selector, HTML, what is
    wrong, slide)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    return page.evaluate(AXE_AUDIT, [WCAG_TAGS, include and [[selector] for selector in include]])


def audit_slides(page):
    """`axe_audit` of a reveal.js page as presented (the first slide, with reveal.js's
    controls and slide number over it), then of every slide at once (`show_every_slide`,
    which leaves the slide number at the foot of a long page, hidden behind the slides).
    An element found by both audits is listed once.

    The first audit is of what only the presented page shows: reveal.js's own elements
    (controls, slide number, progress bar, ...) and the slide on show. The rules that
    concern the whole page run in the second (axe-core runs them on a whole document
    only). Auditing the whole document in the first too took nearly twice as long (2.5 s
    instead of 1.4 s on a deck of 25,000 elements) and found nothing more: axe-core skips
    what is not shown."""
    first = axe_audit(page, include=PRESENTED_ONLY)
    show_every_slide(page)
    audit = axe_audit(page)
    for rule in first["found"]:
        same = next((other for other in audit["found"]
                     if (other["id"], other["review"]) == (rule["id"], rule["review"])), None)
        if same is None:
            audit["found"].append(rule)
            continue
        targets = {node["target"] for node in same["nodes"]}
        same["nodes"] += [node for node in rule["nodes"] if node["target"] not in targets]
    return audit


def axe_report(audit, where, shown=8):
    """A readable list of what `axe_audit` found: each rule, then each element."""
    count = sum(len(rule["nodes"]) for rule in audit["found"])
    lines = [f"{count} elements fail axe-core {audit['version']}'s WCAG 2.1 A/AA rules "
             f"in {where}:"]
    for rule in audit["found"]:
        review = ", measured as failing but left for review" if rule["review"] else ""
        lines.append(f"- {rule['id']} ({rule['impact']}{review}): {rule['help']}, "
                     f"{len(rule['nodes'])} elements")
        for node in rule["nodes"][:shown]:
            lines.append(f"    {node['slide']}: {node['target']}  {node['html']}\n"
                         f"      {node['summary']}")
        if len(rule["nodes"]) > shown:
            lines.append(f"    ... and {len(rule['nodes']) - shown} more")
    return "\n".join(lines)


def undescribed_images(images):
    """The images of `IMAGES` without a description of their own, as readable lines."""
    return [f"{image['slide']}: alt={image['alt']!r} ({image['src']}...)"
            for image in images if not is_described(image["alt"])]


def _wait_for_slides(page, notebook):
    """Wait until reveal.js is ready and MathJax has typeset every formula."""
    page.wait_for_selector(".reveal.ready .slides section", state="attached", timeout=30_000)
    if _has_math(notebook):
        page.wait_for_selector(".MathJax, .MathJax_CHTML, mjx-container",
                               state="attached", timeout=30_000)
        page.evaluate("() => new Promise(resolve => MathJax.Hub.Queue(resolve))")


# A page with what the audit must catch, on a shown slide and on one reveal.js hides.
PNG_1PX = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAA"
           "SUVORK5CYII=")
FLAWED_PAGE = f"""<!DOCTYPE html>
<html lang="en"><head><title>Flawed slides</title></head>
<body><main class="reveal"><div class="slides">
<section class="present"><h2>A slide on show</h2>
<p id="faint" style="color: #bbbbbb; background: #ffffff">Pale grey text on white.</p>
</section>
<section class="future" hidden aria-hidden="true" style="display: none">
<h2>A hidden slide</h2>
<img id="undescribed" width="60" height="40" src="data:image/png;base64,{PNG_1PX}">
<img id="placeholder" width="60" height="40" alt="No description has been provided for this image"
     src="data:image/png;base64,{PNG_1PX}">
</section>
</div>
<div class="slide-number" id="faint-number" style="color: #cccccc; background: #ffffff">
slide 2 of 9</div>
</main></body></html>"""


@pytest.mark.browser
def test_the_audit_reports_an_image_without_alt_and_faint_text_with_their_slides(browser):
    """The audit helpers themselves, on a tiny page: they must see the hidden slide too."""
    page = browser.new_page()
    try:
        page.set_content(FLAWED_PAGE)
        shown_only = {rule["id"] for rule in axe_audit(page)["found"]}
        assert shown_only == {"color-contrast"}, "a hidden slide should be out of axe's sight"
        presented = axe_audit(page, include=PRESENTED_ONLY)["found"]
        assert [(rule["id"], [n["target"] for n in rule["nodes"]]) for rule in presented] == [
            ("color-contrast", ["#faint", "#faint-number"])], "the slide on show, reveal's own"
        show_every_slide(page)
        audit = axe_audit(page)
        found = {rule["id"]: rule["nodes"] for rule in audit["found"]}
        assert set(found) == {"color-contrast", "image-alt"}
        assert [(n["target"], n["slide"]) for n in found["color-contrast"]] == [
            ("#faint", 'slide 1.1 "A slide on show"'), ("#faint-number", "outside the slides")]
        assert "insufficient color contrast" in found["color-contrast"][0]["summary"]
        assert [(n["target"], n["slide"]) for n in found["image-alt"]] == [
            ("#undescribed", 'slide 2.1 "A hidden slide"')]
        report = axe_report(audit, "the flawed page")
        for text in ("3 elements fail", "- color-contrast (serious):", "- image-alt (critical):",
                     "Images must have alternative text", "#faint", "#undescribed",
                     'slide 2.1 "A hidden slide"'):
            assert text in report, f"{text!r} not in the report:\n{report}"
        # axe accepts nbconvert's placeholder; the description check does not.
        missing = undescribed_images(page.evaluate(IMAGES))
        assert [line.split(" (data:")[0] for line in missing] == [
            f'slide 2.1 "A hidden slide": alt={alt!r}'
            for alt in (None, "No description has been provided for this image")]
    finally:
        page.close()


@pytest.mark.browser
def test_every_figure_of_the_exported_slides_is_described(deck):
    """Every image on the slides has alt text of its own, of at least
    `lecture_utils.plotting.MIN_ALT_WORDS` words: not missing, not nbconvert's placeholder
    (which satisfies the audit's letter and tells a screen-reader user nothing)."""
    page, slides = deck.page, deck.slides
    _wait_for_slides(page, deck.notebook)
    images = page.evaluate(IMAGES)
    assert images, f"{slides.name} shows no figure at all"
    missing = undescribed_images(images)
    assert not missing, (
        f"{len(missing)} of the {len(images)} figures of {slides.name} have no description "
        "of their own (show them with lecture_utils.plotting.show_figure):\n"
        + "\n".join(missing))


@pytest.mark.browser
def test_exported_slides_pass_an_axe_wcag_2_1_aa_audit(deck):
    """Every slide and fragment of the deck, shown at once, breaks no WCAG 2.1 A/AA rule
    that axe-core checks (contrast, alt text, names of controls, language, ...)."""
    audit = deck.audit()
    assert not audit["found"], axe_report(audit, deck.slides.name)
