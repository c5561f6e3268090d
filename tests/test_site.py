"""site/build_site.py: the course as a website, built from the notebooks' stored outputs.

The first tests check, on small notebooks made here, how a notebook becomes pages: speaker
notes and worked solutions folded, nbgrader's markers and hidden tests gone, the appendix on
a page of its own. They need neither Sphinx nor a browser.

The others (marked ``browser``: they need requirements-site.txt, Chromium and the library
cache) build the whole site once, serve it on 127.0.0.1 and open every page once in
headless Chromium (the browser test's; one page from its file, without the server), with
every request to anywhere else refused. On
each page they record what failed to load, what the console reported, MathJax's errors,
the images and their descriptions, the formulas that reach past the edge of a 1280 and a
360 px wide window, and axe-core's WCAG 2.1 A/AA audit (the slides' audit, with every
folded toggle opened first); the tests then assert on those records, so that a failure
lists every page concerned. Internal links are checked in the built HTML.
"""

import functools
import http.server
import importlib.util
import json
import os
import re
import threading
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest
import test_browser
from test_browser import PLACEHOLDER_ALT, WIDGET_VIEW, is_described, stored_figure_alts
from test_export_slides import (
    PNG_1PX,
    WIDGET_STATE,
    _notes_cells,
    _require_vendor_cache,
    axe_audit,
    axe_report,
    loaded_urls,
)
from test_speaker_notes import _notebook  # markdown cells of given slide types

ROOT = Path(__file__).resolve().parents[1]
LECTURES = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
#: A word that only lecture 04 (and its exercises) uses: the search must find it there.
LECTURE_04_WORD = "calico"
#: The window widths at which no formula may reach past the edge: a phone and a laptop.
WIDTHS = (360, 1280)


_spec = importlib.util.spec_from_file_location("build_site", ROOT / "site" / "build_site.py")
build_site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_site)

# The browser test's headless Chromium (a module-scoped fixture), shared rather than copied.
browser = test_browser.browser


# --- from notebooks to pages, on small notebooks ------------------------------------------------

def _code_cell(source, **metadata):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata.update(metadata)
    return cell


def test_speaker_notes_fold_under_a_toggle_and_nothing_else_changes():
    notebook = _notebook(("slide", "# 01 · Title"), ("notes", "**Plan:** 60 minutes."),
                         ("slide", "## A point"), ("-", "Text with $x^2$."),
                         ("notes", "**Point:** p.\n\n$$a = b$$"))
    before = nbformat.writes(notebook)
    folded = build_site.with_notes_folded(notebook)
    assert nbformat.writes(notebook) == before, "the notebook itself was changed"
    sources = [cell.source for cell in folded.cells]
    assert sources[0] == "# 01 · Title" and sources[2:4] == ["## A point", "Text with $x^2$."]
    for index, text in [(1, "**Plan:** 60 minutes."), (4, "**Point:** p.\n\n$$a = b$$")]:
        assert sources[index] == ('<details class="speaker-notes">\n<summary>Speaker notes'
                                  f"</summary>\n\n{text}\n\n</details>")


def _grader(cell, solution, grade=False):
    cell.metadata["nbgrader"] = {"solution": solution, "grade": grade, "locked": not solution}
    return cell


def _exercise_notebook():
    task = _grader(nbformat.v4.new_markdown_cell("## Exercise 1 · Derive it"), False)
    written = _grader(nbformat.v4.new_markdown_cell(
        "### BEGIN SOLUTION\n**Step 1.** $a = b$.\n### END SOLUTION"), True, grade=True)
    code = _grader(_code_cell(
        "def f(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION\n"
        "y = None\n### BEGIN SOLUTION\ny = f(1)\n### END SOLUTION"), True)
    check = _grader(_code_cell(
        'check_f("f")\n### BEGIN HIDDEN TESTS\ncheck_f("f", strict=True)\n'
        "### END HIDDEN TESTS", tags=["nbval-ignore-output"]), False, grade=True)
    return nbformat.v4.new_notebook(cells=[task, written, code, check])


def test_worked_solutions_fold_without_nbgraders_markers_or_hidden_tests():
    notebook = _exercise_notebook()
    before = nbformat.writes(notebook)
    task, written, code, check = build_site.with_solutions_folded(notebook).cells
    assert nbformat.writes(notebook) == before, "the notebook itself was changed"
    assert task.source == "## Exercise 1 · Derive it"
    assert written.source == ('<details class="worked-solution">\n<summary>Worked solution'
                              "</summary>\n\n**Step 1.** $a = b$.\n\n</details>")
    assert code.source == "def f(x):\n    return 2 * x\ny = None\ny = f(1)\n"
    assert "hide-cell" in code.metadata["tags"]
    assert code.metadata["mystnb"]["code_prompt_show"] == "Worked solution"
    assert check.source == 'check_f("f")\n'
    assert check.metadata["tags"] == ["nbval-ignore-output"]


def _lecture_notebook():
    notebook = _notebook(("slide", "# 07 · A lecture"), ("slide", "## Summary"),
                         ("slide", "## Appendix: checks and departures"),
                         ("notes", "**Point:** the evidence."),
                         ("subslide", "### A check\n\n```python\n## not a heading\n```"),
                         ("subslide", "#### A detail"))
    widget = _code_cell("widget()")
    widget.outputs = [nbformat.v4.new_output("display_data", {WIDGET_VIEW: {"model_id": "1"}})]
    notebook.cells.insert(5, widget)
    notebook.metadata["widgets"] = {"state": "saved"}
    return notebook


def test_the_appendix_becomes_a_page_of_its_own_with_its_headings_one_level_up():
    notebook = _lecture_notebook()
    lecture, appendix = build_site.split_appendix(notebook)
    assert [cell.source for cell in lecture.cells] == ["# 07 · A lecture", "## Summary"]
    assert [cell.source for cell in appendix.cells if cell.cell_type == "markdown"] == [
        "# 07 · Appendix: checks and departures", "**Point:** the evidence.",
        "## A check\n\n```python\n## not a heading\n```", "### A detail"]
    # The widget's saved state goes with the part that shows the widget.
    assert "widgets" not in lecture.metadata and "widgets" in appendix.metadata
    assert len(notebook.cells) == 7 and notebook.cells[2].source.startswith("## Appendix")


def test_a_notebook_without_an_appendix_stays_one_page():
    notebook = _notebook(("slide", "# 07 · A lecture"), ("slide", "## Summary"))
    lecture, appendix = build_site.split_appendix(notebook)
    assert appendix is None and lecture.cells == notebook.cells


def test_a_notebook_without_a_title_is_refused_with_the_fix():
    with pytest.raises(ValueError, match="no title.*'# NN · Title' heading"):
        build_site.notebook_title(_notebook(("slide", "## Not a title")))


def test_every_lecture_has_its_exercises_in_the_solutions_edition():
    assert len(LECTURES) == 6
    for lecture in LECTURES:
        assert build_site.exercises_for(lecture).parent.name == "solutions"
    with pytest.raises(FileNotFoundError, match="has no exercise notebook.*solutions"):
        build_site.exercises_for(ROOT / "notebooks" / "99_missing.ipynb")


def test_the_contents_link_every_part_and_list_them_in_hidden_tables_of_contents():
    entry = {"title": "07 · A lecture", "lecture": "07_a.ipynb",
             "appendix": "07_a_appendix.ipynb", "exercises": "exercises/07_a_exercises.ipynb",
             "slides": "slides/07_a.slides.html"}
    text = build_site.contents([entry, {**entry, "title": "08 · B", "appendix": None}])
    assert ("- **07 · A lecture**: [lecture](07_a.ipynb) · [appendix](07_a_appendix.ipynb) · "
            "[exercises with worked solutions](exercises/07_a_exercises.ipynb) · "
            '<a href="slides/07_a.slides.html">slides</a>') in text
    assert ("```{toctree}\n:hidden:\n:caption: 07 · A lecture\n\nLecture <07_a>\n"
            "Appendix <07_a_appendix>\nExercises <exercises/07_a_exercises>\n```") in text
    assert "caption: 08 · B\n\nLecture <07_a>\nExercises <" in text


def test_the_index_page_has_its_contents_marker_and_sources_are_refused_without_it(
        tmp_path, monkeypatch):
    assert build_site.CONTENTS_MARKER in build_site.INDEX_PAGE.read_text(encoding="utf-8")
    index = tmp_path / "index.md"
    index.write_text("# A site without its marker\n")
    monkeypatch.setattr(build_site, "INDEX_PAGE", index)
    with pytest.raises(ValueError, match="lacks the line .*the course's contents"):
        build_site.write_sources(tmp_path / "source", LECTURES[:1])


def test_a_folder_that_is_not_a_built_site_is_not_replaced(tmp_path):
    (tmp_path / "notes.txt").write_text("keep me")
    with pytest.raises(ValueError, match="not a site built by this script"):
        build_site.build(tmp_path)
    assert (tmp_path / "notes.txt").read_text() == "keep me"


def test_the_sites_libraries_are_pinned_npm_packages_fetched_with_the_slides(monkeypatch):
    fetched = []
    monkeypatch.setattr(build_site.export_slides, "fetch",
                        lambda package, cache_dir: fetched.append(package))
    build_site.fetch_all()
    assert {package.name for package in build_site.VENDOR} == {
        "mathjax", "requirejs", "@jupyter-widgets/html-manager"}
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", package.version) for package in fetched)
    assert sorted(fetched, key=str) == sorted(
        set(build_site.VENDOR + build_site.export_slides.FETCHED), key=str)


# --- the built site -----------------------------------------------------------------------------

def _require_site_requirements():
    """Skip without the site's packages (fail in CI, which must run these tests)."""
    missing = [name for name in ("sphinx", "myst_nb", "sphinx_book_theme")
               if importlib.util.find_spec(name) is None]
    if missing:
        stop = pytest.fail if os.environ.get("CI") else pytest.skip
        stop(f"the site's requirements ({', '.join(missing)}) are not installed: "
             "`.venv/bin/pip install -r requirements-site.txt`.")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The whole site, built once into a temporary folder."""
    _require_site_requirements()
    _require_vendor_cache(build_site.VENDOR + build_site.export_slides.VENDOR)
    return build_site.build(tmp_path_factory.mktemp("site") / "course")


def site_pages(site_dir):
    """Every page Sphinx wrote (not the slides, not the libraries), relative to the site."""
    return sorted(path.relative_to(site_dir).as_posix() for path in site_dir.rglob("*.html")
                  if path.relative_to(site_dir).parts[0] not in ("_static", "_vendor", "slides"))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def served(site):
    """The site on a static web server at 127.0.0.1, in a folder below the server's root as
    on most web hosts (``/course/``), so that a URL that climbs out of the site fails; yields
    the site's URL."""
    handler = functools.partial(_Quiet, directory=str(site.parent))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/{site.name}/"
    finally:
        server.shutdown()
        server.server_close()


def open_offline(browser, url, origin, wait_until="load"):
    """Open ``url`` letting through only requests to ``origin``; return the page and its log
    of refused requests, failed loads and errors (console and uncaught). With
    ``wait_until="commit"`` it returns as soon as the page starts loading."""
    page = browser.new_page()
    page.set_viewport_size({"width": max(WIDTHS), "height": 900})
    log = {"refused": [], "failed": [], "errors": []}

    def refuse(route):
        log["refused"].append(route.request.url)
        route.abort()

    # Only the URLs outside ``origin`` are routed here: Playwright matches the pattern
    # itself, so the site's own requests (some thirty a page) go on without a round trip
    # through this process.
    page.route(re.compile(f"^(?!{re.escape(origin)})"), refuse)
    page.on("requestfailed", lambda request: request.url in log["refused"]
            or log["failed"].append(f"{request.url} ({request.failure})"))
    page.on("response", lambda response: response.status >= 400
            and log["failed"].append(f"{response.url} (HTTP {response.status})"))
    page.on("pageerror", lambda error: log["errors"].append(str(error)))
    page.on("console", lambda message: message.type == "error"
            and log["errors"].append(message.text))
    page.goto(url, wait_until=wait_until)
    return page, log


# In-page function: wait until MathJax (on pages with maths) has typeset every formula and
# the widget manager (on pages with widgets) has drawn every widget; then count the folded
# toggles that are open, and the shown text in those that are not; then open them all (for
# the records below and the audit). Returns the counts.
SETTLE = """async () => {
    if (window.MathJax && MathJax.startup) await MathJax.startup.promise;
    const views = document.querySelectorAll(
        'script[type="application/vnd.jupyter.widget-view+json"]').length;
    for (let wait = 0; views && wait < 300; wait++) {
        if (document.querySelectorAll('.widget-interact').length >= views) break;
        await new Promise(resolve => setTimeout(resolve, 100));
    }
    const toggles = [...document.querySelectorAll('main details')];
    const folded = {
        toggles: toggles.length,
        open: toggles.filter(toggle => toggle.open).length,
        shownWhileFolded: toggles.filter(toggle => !toggle.open).flatMap(toggle =>
            [...toggle.children].filter(child => child.tagName !== 'SUMMARY'
                                        && child.checkVisibility())).length,
    };
    toggles.forEach(toggle => { toggle.open = true; });
    if (window.MathJax && MathJax.startup) await MathJax.startup.promise;
    return folded;
}"""

# In-page function: what the page shows, for the tests below.
RECORD = r"""() => {
    const text = node => node.textContent.replace(/\s+/g, ' ').trim().slice(0, 80);
    return {
        mathErrors: [...document.querySelectorAll('mjx-merror')].map(text),
        formulas: document.querySelectorAll('mjx-container').length,
        images: [...document.querySelectorAll('img')].map(image => ({
            alt: image.getAttribute('alt'),
            output: Boolean(image.closest('.cell_output, .output')),
            widget: Boolean(image.closest('.jupyter-widgets, .widget-output')),
            src: (image.getAttribute('src') || '').slice(0, 40),
        })),
        widgets: document.querySelectorAll('.widget-interact').length,
        widgetViews: document.querySelectorAll(
            'script[type="application/vnd.jupyter.widget-view+json"]').length,
        speakerNotes: document.querySelectorAll('details.speaker-notes').length,
        // A toggle's label: myst-nb's code-cell toggles hold a label for each state.
        workedSolutions: [...document.querySelectorAll('details > summary')].filter(summary =>
            (summary.querySelector('.collapsed') || summary).textContent.trim()
            === 'Worked solution').length,
        text: document.querySelector('main').innerText,
    };
}"""

# In-page function: the formulas of the page's article whose visible part (what the
# boxes that clip them leave) reaches past the left or right edge of the window. (The
# sidebars' headings are left out: on a phone they are drawers outside the window.)
MATHS_PAST_THE_EDGE = r"""() => {
    const width = document.documentElement.clientWidth;
    const past = [];
    for (const formula of document.querySelectorAll('main article mjx-container')) {
        const box = formula.getBoundingClientRect();
        if (!box.width || !formula.checkVisibility({visibilityProperty: true})) continue;
        let left = box.left, right = box.right;
        for (let parent = formula.parentElement; parent; parent = parent.parentElement) {
            if (getComputedStyle(parent).overflowX === 'visible') continue;
            const clip = parent.getBoundingClientRect();
            left = Math.max(left, clip.left);
            right = Math.min(right, clip.right);
        }
        if (right > width + 1 || left < -1) {
            const tex = formula.querySelector('mjx-assistive-mml math');
            past.push(`${Math.round(left)}..${Math.round(right)} px: `
                      + (tex ? tex.textContent : formula.textContent).slice(0, 60));
        }
    }
    return past;
}"""


def record_page(page):
    """What `visited` records of a page that has loaded (see there)."""
    folded = page.evaluate(SETTLE)
    record = {**page.evaluate(RECORD), "folded": folded}
    record["audit"] = axe_audit(page)
    record["past the edge"] = {}
    for width in sorted(WIDTHS, reverse=True):
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate("() => new Promise(requestAnimationFrame)")
        record["past the edge"][width] = page.evaluate(MATHS_PAST_THE_EDGE)
    return record


def page_from_disk(site_dir):
    """The page that `visited` opens from its file (``file://``) rather than from the web
    server, to show that the site works without one: the first page with widgets."""
    return next(name for name in site_pages(site_dir)
                if WIDGET_STATE in (site_dir / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def visited(site, served, browser):
    """Every page, opened once: what it loaded and logged, what it shows, its formulas past
    the window's edge at each width, and its axe-core audit with every toggle open.

    Every page comes from the web server but `page_from_disk`, which is opened from its
    file with every request outside the site's folder refused. Each page starts loading
    while the one before it is examined, so that Chromium typesets one page's formulas
    while axe-core audits another."""
    names, records, from_disk = site_pages(site), {}, page_from_disk(site)

    def start_loading(name):
        if name == from_disk:
            return open_offline(browser, (site / name).as_uri(), site.as_uri() + "/",
                                wait_until="commit")
        return open_offline(browser, served + name, served, wait_until="commit")

    following = start_loading(names[0])
    try:
        for index, name in enumerate(names):
            page, log = following
            try:
                page.wait_for_load_state("load")
                if index + 1 < len(names):
                    following = start_loading(names[index + 1])
                records[name] = {**record_page(page), **log}
            finally:
                page.close()
    finally:
        following[0].close()  # the last page (closed already) or one a failure left open
    return records


_conf_spec = importlib.util.spec_from_file_location("conf", ROOT / "site" / "conf.py")

# A page with what the checks above must catch: a formula MathJax cannot typeset, a wide one
# that reaches past the window's edge (and one that scrolls in its own box instead), a
# figure with nbconvert's placeholder for a description and an image without alt text.
FLAWED_PAGE = """<!DOCTYPE html>
<html lang="en"><head><title>Flawed page</title>
<script>window.MathJax = {config};</script>
<script defer src="{mathjax}"></script></head>
<body><main><article>
<p>An undefined macro: \\(\\notamacro{{x}}\\)</p>
<div style="width: 900px">\\[{wide}\\]</div>
<div style="width: 300px; overflow-x: auto"><div style="width: 900px">\\[{wide}\\]</div></div>
<div class="cell_output"><img alt="{placeholder}" src="data:image/png;base64,{png}"></div>
<img src="data:image/png;base64,{png}">
</article></main></body></html>"""


@pytest.mark.browser
def test_the_page_checks_catch_a_bad_formula_a_wide_one_and_undescribed_images(
        site, served, browser):
    conf = importlib.util.module_from_spec(_conf_spec)
    _conf_spec.loader.exec_module(conf)
    flawed = site.parent / "flawed"
    flawed.mkdir(exist_ok=True)
    (flawed / "index.html").write_text(FLAWED_PAGE.format(
        config=json.dumps(conf.mathjax3_config), wide=" + ".join(["x_{1}"] * 60),
        mathjax=f"../{site.name}/{build_site.vendor_path(build_site.MATHJAX, 'es5/tex-chtml.js')}",
        placeholder=PLACEHOLDER_ALT, png=PNG_1PX))
    server = served.removesuffix(f"{site.name}/")
    page, log = open_offline(browser, f"{server}flawed/", server)
    try:
        page.evaluate(SETTLE)
        record = page.evaluate(RECORD)
        assert [error.split(" ")[:3] for error in record["mathErrors"]] == [
            ["Undefined", "control", "sequence"]]
        assert [(image["alt"], image["output"]) for image in record["images"]] == [
            (PLACEHOLDER_ALT, True), (None, False)]
        page.set_viewport_size({"width": min(WIDTHS), "height": 900})
        past = page.evaluate(MATHS_PAST_THE_EDGE)
        assert len(past) == 1 and "x1+x1" in past[0], past
        assert log["errors"] == [] and log["refused"] == [], log
    finally:
        page.close()


@pytest.mark.browser
def test_the_site_has_an_index_and_every_lecture_appendix_and_exercise_page(site, visited):
    expected = {"index.html", "search.html"}
    for lecture in LECTURES:
        expected |= {f"{lecture.stem}.html", f"{lecture.stem}_appendix.html",
                     f"exercises/{lecture.stem}_exercises.html"}
        assert build_site.export_slides.slides_path(lecture, site / "slides").is_file()
    assert set(visited) == expected


@pytest.mark.browser
@pytest.mark.parametrize("kind, what", [
    ("refused", "requests to anywhere but the site (refused)"),
    ("failed", "files that failed to load"),
    ("errors", "errors in the console"),
    ("mathErrors", "formulas MathJax could not typeset"),
], ids=["no request leaves the site", "every file loads", "no error",
        "every formula typesets"])
def test_no_page_has(visited, kind, what):
    problems = {name: record[kind] for name, record in visited.items() if record[kind]}
    assert not problems, f"{what}: {problems}"


@pytest.mark.browser
def test_the_pages_show_the_collections_formulas(visited):
    assert sum(record["formulas"] for record in visited.values()) > 2000


@pytest.mark.browser
@pytest.mark.parametrize("width", WIDTHS)
def test_no_formula_reaches_past_the_edge_of_the_window(visited, width):
    past = {name: record["past the edge"][width] for name, record in visited.items()
            if record["past the edge"][width]}
    assert not past, f"formulas past the edge of a {width} px window: {past}"


@pytest.mark.browser
def test_every_page_passes_an_axe_wcag_2_1_aa_audit(visited):
    failing = [axe_report(record["audit"], name) for name, record in visited.items()
               if record["audit"]["found"]]
    assert not failing, "\n\n".join(failing)


@pytest.mark.browser
def test_every_image_has_alt_text_and_every_figure_a_description(visited):
    problems = {name: [f"alt={image['alt']!r} ({image['src']}...)"
                       for image in record["images"]
                       if image["alt"] is None or (image["output"]
                                                   and not is_described(image["alt"]))]
                for name, record in visited.items()}
    problems = {name: found for name, found in problems.items() if found}
    assert not problems, f"images without alt text or figures without a description: {problems}"


@pytest.mark.browser
@pytest.mark.parametrize("lecture", LECTURES, ids=lambda path: path.stem)
def test_every_stored_figure_description_reaches_the_pages(visited, lecture):
    """The figures outside widgets of a lecture and its appendix, and of its exercises, are
    the notebooks' stored ones, each with its stored description as its alt text."""
    pages = [(lecture, [f"{lecture.stem}.html", f"{lecture.stem}_appendix.html"]),
             (build_site.exercises_for(lecture), [f"exercises/{lecture.stem}_exercises.html"])]
    for notebook, names in pages:
        shown = [image["alt"] for name in names for image in visited[name]["images"]
                 if image["output"] and not image["widget"]]
        assert shown == stored_figure_alts(notebook), names


@pytest.mark.browser
def test_widgets_are_drawn_from_their_saved_state(visited):
    with_widgets = {name: record for name, record in visited.items() if record["widgetViews"]}
    assert len(with_widgets) >= 5
    undrawn = {name: record["widgets"] for name, record in with_widgets.items()
               if record["widgets"] < record["widgetViews"]}
    assert not undrawn, f"widgets not drawn: {undrawn}"
    assert all(image["alt"] for record in with_widgets.values()
               for image in record["images"] if image["widget"])


@pytest.mark.browser
@pytest.mark.parametrize("lecture", LECTURES, ids=lambda path: path.stem)
def test_speaker_notes_and_worked_solutions_are_folded_and_markers_gone(visited, lecture):
    pages = [visited[f"{lecture.stem}.html"], visited[f"{lecture.stem}_appendix.html"]]
    assert sum(page["speakerNotes"] for page in pages) == len(_notes_cells(lecture))
    solutions = build_site.exercises_for(lecture)
    exercises = visited[f"exercises/{lecture.stem}_exercises.html"]
    expected = sum(bool(cell.metadata.get("nbgrader", {}).get("solution"))
                   for cell in nbformat.read(solutions, as_version=4).cells)
    assert exercises["workedSolutions"] == expected > 0
    for marker in ("BEGIN SOLUTION", "END SOLUTION", "HIDDEN TESTS"):
        assert marker not in exercises["text"]


@pytest.mark.browser
def test_every_toggle_starts_folded_and_hides_what_it_holds(visited):
    assert sum(record["folded"]["toggles"] for record in visited.values()) > 200
    unfolded = {name: record["folded"] for name, record in visited.items()
                if record["folded"]["open"] or record["folded"]["shownWhileFolded"]}
    assert not unfolded, f"toggles open, or showing what they hold, on loading: {unfolded}"


@pytest.mark.browser
def test_search_finds_a_word_of_lecture_04(served, browser):
    page, log = open_offline(browser, f"{served}search.html?q={LECTURE_04_WORD}", served)
    try:
        results = page.locator("#search-results ul.search li a")
        results.first.wait_for(timeout=30_000)
        targets = [results.nth(index).get_attribute("href") for index in range(results.count())]
        lecture_04 = next(path.stem for path in LECTURES if path.stem.startswith("04_"))
        assert any(target.split("?")[0].split("#")[0] == f"{lecture_04}.html"
                   for target in targets), targets
        assert not log["refused"] and not log["errors"], log
    finally:
        page.close()


@pytest.mark.browser
def test_a_page_opened_from_disk_typesets_its_formulas_and_draws_its_widgets(site, visited):
    """The site works without a web server too: `visited` opened one of its pages from its
    file (``file://``), and every check above holds for that page as well."""
    record = visited[page_from_disk(site)]
    assert record["formulas"] > 10 and not record["mathErrors"]
    assert record["widgetViews"] and record["widgets"] == record["widgetViews"]
    log = {kind: record[kind] for kind in ("refused", "failed", "errors")}
    assert log == {"refused": [], "failed": [], "errors": []}, log


# --- links --------------------------------------------------------------------------------------

class _LinksAndIds(HTMLParser):
    """The ``href`` of every link and the ``id`` of every element of a page."""

    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])


@functools.cache
def _parsed(path):
    parser = _LinksAndIds()
    parser.feed(Path(path).read_text(encoding="utf-8"))
    return parser


def broken_links(site_dir, name):
    """The links of page ``name`` to a file of the site that does not exist, or to an
    anchor its target page does not have."""
    page = Path(site_dir) / name
    broken = []
    for link in _parsed(page).links:
        parts = urlsplit(link)
        if parts.scheme or parts.netloc:
            continue
        target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
        if target.is_dir():
            target = target / "index.html"
        if not target.is_file():
            broken.append(f"{link} (no such file)")
        elif parts.fragment and target.suffix == ".html" \
                and unquote(parts.fragment) not in _parsed(target).ids:
            broken.append(f"{link} (no such anchor)")
    return broken


@pytest.mark.browser
def test_every_internal_link_and_anchor_exists(site):
    broken = {name: found for name in site_pages(site) if (found := broken_links(site, name))}
    assert not broken, f"broken links: {broken}"
    index_links = _parsed(site / "index.html").links
    for lecture in LECTURES:
        assert f"slides/{lecture.stem}.slides.html" in index_links


@pytest.mark.browser
def test_every_page_loads_only_files_of_the_site(site):
    """What the HTML itself asks for (scripts, styles, images, modules), checked without a
    browser: relative URLs of files that are in the site folder."""
    problems = {}
    for name in site_pages(site):
        page = site / name
        for url in loaded_urls(page.read_text(encoding="utf-8")):
            parts = urlsplit(url)
            if parts.scheme or parts.netloc or url.startswith("/"):
                problems.setdefault(name, []).append(f"{url} (not a relative URL)")
            elif parts.path and not (page.parent / unquote(parts.path)).resolve().is_file():
                problems.setdefault(name, []).append(f"{url} (missing)")
    assert not problems, problems


def test_the_link_check_finds_a_missing_page_and_a_missing_anchor(tmp_path):
    (tmp_path / "a.html").write_text('<h1 id="top">A</h1><a href="b.html#nowhere">b</a>'
                                     '<a href="c.html">c</a><a href="#top">top</a>'
                                     '<a href="https://example.org/">away</a>')
    (tmp_path / "b.html").write_text('<h1 id="here">B</h1>')
    assert broken_links(tmp_path, "a.html") == ["b.html#nowhere (no such anchor)",
                                                "c.html (no such file)"]
