"""End-to-end: the notebooks run in JupyterLab and RISE in a real (headless) Chromium.

A JupyterLab server is started on 127.0.0.1 with a free port and a random token, serving
a temporary copy of notebooks/ (so nothing the browser saves touches the repository); it
is always stopped afterwards. The notebooks open untrusted, as they do for a student who
has just cloned the repository; ``trusted_lab_server`` serves copies signed as trusted
(by a notary in its temporary folder), as they are once run, so that stored widget views
are drawn instead of their text. Playwright drives Debian's Chromium through
``executable_path``: no browser is downloaded. Screenshots go to tests/artifacts/.

Once a notebook has run, every figure on the page must carry its text description (the
``alt`` of its image, at least six words) and, outside widgets, the one the notebook stores.
"""

import html
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from lecture_utils.plotting import MIN_ALT_WORDS

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
#: The slides' style sheet, which jupyterlab-rise loads from the notebooks' folder.
RISE_CSS = ROOT / "notebooks" / "rise.css"
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
RUN_TIMEOUT_MS, RUN_POLL_MS = 120_000, 100
#: The notebook whose widget is also tried in a RISE slideshow, on the kernel of its run.
RISE_WIDGET_NOTEBOOK = NOTEBOOKS[0].name

#: Smallest text sizes on a 1280x720 slide, in pixels (notebooks/rise.css): Markdown body
#: text, code, and text output. Headings are larger than the body text, in order.
MIN_BODY_PX, MIN_CODE_PX, MIN_OUTPUT_PX = 22, 19, 19

# In-page function: the font sizes of the text on the slide being shown, by kind, as they
# would measure on a slide 720 pixels high (the computed size, times 720 over the height
# the slide is laid out at: RISE lays out at the screen's size, the static slides at 720
# and then scale). Empty elements and hidden speaker notes are left out.
TEXT_SIZES = """() => {
    const slide = [...document.querySelectorAll('.reveal .slides section.present')].pop();
    const height = document.querySelector('.reveal .slides').offsetHeight
        || document.querySelector('.reveal').offsetHeight;
    const kinds = {
        body: '.jp-RenderedMarkdown p, .jp-RenderedMarkdown li',
        h1: '.jp-RenderedMarkdown h1', h2: '.jp-RenderedMarkdown h2',
        h3: '.jp-RenderedMarkdown h3',
        code: '.jp-InputArea-editor .cm-line, .jp-InputArea-editor .highlight pre',
        output: '.jp-OutputArea-output pre',
    };
    const sizes = {};
    for (const [kind, selector] of Object.entries(kinds)) {
        const found = [...slide.querySelectorAll(selector)]
            .filter(node => !node.closest('aside.notes') && node.textContent.trim()
                    && node.getClientRects().length)
            .map(node => parseFloat(getComputedStyle(node).fontSize) * 720 / height);
        if (found.length) sizes[kind] = Math.round(Math.min(...found) * 10) / 10;
    }
    return sizes;
}"""


def collect_text_sizes(page, step, slides=4, max_steps=60):
    """Smallest text sizes by kind over the first ``slides`` slides that show text,
    and on until code and text output have been seen; ``step()`` shows the next slide.
    Returns the sizes and the number of slides measured."""
    sizes, measured = {}, 0
    for _ in range(max_steps):
        found = page.evaluate(TEXT_SIZES)
        if found:
            measured += 1
            for kind, size in found.items():
                sizes[kind] = min(size, sizes.get(kind, size))
        if measured >= slides and {"body", "code", "output"} <= set(sizes):
            break
        if not step():
            break
    return sizes, measured


def assert_legible(sizes, where):
    """The sizes of `collect_text_sizes` are large enough for the back row."""
    assert {"body", "code", "output"} <= set(sizes), f"{where}: not every kind of text seen"
    assert sizes["body"] >= MIN_BODY_PX, f"{where}: body text {sizes['body']} px"
    assert sizes["code"] >= MIN_CODE_PX, f"{where}: code {sizes['code']} px"
    assert sizes["output"] >= MIN_OUTPUT_PX, f"{where}: text output {sizes['output']} px"
    headings = [sizes[h] for h in ("h1", "h2", "h3") if h in sizes]
    assert headings, f"{where}: no heading seen"
    assert headings == sorted(headings, reverse=True) and headings[-1] > sizes["body"], \
        f"{where}: headings not in proportion: {sizes}"


#: nbconvert's alt text for an image output without a description: it satisfies an audit's
#: letter and tells a screen-reader user nothing.
PLACEHOLDER_ALT = "No description has been provided for this image"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
HTML_IMAGE = re.compile(r"<img\b[^>]*>", flags=re.IGNORECASE)
HTML_ALT = re.compile(r"""\balt\s*=\s*(?:"([^"]*)"|'([^']*)')""", flags=re.IGNORECASE)


def is_described(alt):
    """Whether an image's alt text (None when it has none) describes it: at least
    `lecture_utils.plotting.MIN_ALT_WORDS` words, and not nbconvert's placeholder."""
    return (alt is not None and alt.strip() != PLACEHOLDER_ALT
            and len(alt.split()) >= MIN_ALT_WORDS)


def stored_figure_alts(path):
    """The alt text (None if none) of each figure in a notebook's stored outputs, in order.

    An HTML output counts with its images (`lecture_utils.plotting.show_figure` writes one
    ``<img alt>``), and otherwise a PNG output with the ``alt`` of its metadata. Widget
    views are left out: what they show is drawn by the kernel when the cell runs.
    """
    alts = []
    for cell in nbformat.read(path, as_version=4).cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                continue
            if "text/html" in data:
                for tag in HTML_IMAGE.findall(data["text/html"]):
                    found = HTML_ALT.search(tag)
                    alts.append(html.unescape(found.group(1) or found.group(2) or "")
                                if found else None)
            elif "image/png" in data:
                alts.append(output.get("metadata", {}).get("image/png", {}).get("alt"))
    return alts


# In-page function: the alt attribute (null when there is none) of every image in the
# notebook's outputs, and whether it is drawn by a widget.
RENDERED_FIGURES = """() => [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output img')]
    .map(image => ({alt: image.getAttribute('alt'),
                    widget: Boolean(image.closest('.jupyter-widgets, .widget-output'))}))"""


def figure_description_problems(rendered, stored):
    """What is wrong with the descriptions of the figures JupyterLab shows (`RENDERED_FIGURES`),
    given the notebook's stored ones (`stored_figure_alts`), as readable lines."""
    problems = []
    static = [figure["alt"] for figure in rendered if not figure["widget"]]
    if static != stored:
        problems.append(f"JupyterLab shows {len(static)} figures outside widgets, the notebook "
                        f"stores {len(stored)}; their alt texts differ:")
        for index in range(max(len(static), len(stored))):
            shown = static[index] if index < len(static) else "(no figure)"
            kept = stored[index] if index < len(stored) else "(no figure)"
            if shown != kept:
                problems.append(f"  figure {index + 1}: shown alt={shown!r}, stored alt={kept!r}")
    for index, figure in enumerate(rendered):
        if not is_described(figure["alt"]):
            kind = "a widget's figure" if figure["widget"] else "figure"
            problems.append(f"image {index + 1} ({kind}) is not described: "
                            f"alt={figure['alt']!r}")
    return problems


pytestmark = pytest.mark.browser


def _require_chromium():
    if Path(CHROMIUM).exists():
        return
    message = ("Chromium is not installed; install it with `apt-get install chromium` "
               "(Debian/Ubuntu) to run the browser test.")
    if os.environ.get("CI"):
        pytest.fail(message + " CI must run this test.")
    pytest.skip(message)


def _free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _write_lab_settings(settings_dir):
    """Switch off the update check and news pop-up, which would cover screenshots."""
    plugin = settings_dir / "@jupyterlab" / "apputils-extension"
    plugin.mkdir(parents=True)
    (plugin / "notification.jupyterlab-settings").write_text(
        json.dumps({"checkForUpdates": False, "fetchNews": "false"})
    )


def _copy_signed(notebooks, root, notary_dir):
    """Copy ``notebooks`` into ``root``, signed as trusted by a notary whose database and
    secret live in ``notary_dir``; return the server options that make it use that notary."""
    files = {"db_file": notary_dir / "nbsignatures.db",
             "secret_file": notary_dir / "notebook_secret"}
    notary = NotebookNotary(**{name: str(path) for name, path in files.items()})
    for notebook in notebooks:
        content = nbformat.read(notebook, as_version=4)
        notary.sign(content)
        nbformat.write(content, root / notebook.name)
    return [f"--NotebookNotary.{name}={path}" for name, path in files.items()]


def _serve_notebooks(tmp_path_factory, trusted):
    """Run JupyterLab on copies of the notebooks; yield its URL, token and folder."""
    _require_chromium()
    base = tmp_path_factory.mktemp("lab")
    root = base / "notebooks"
    root.mkdir()
    notary_options = []
    if trusted:
        notary_options = _copy_signed(NOTEBOOKS, root, base)
    else:
        for notebook in NOTEBOOKS:
            shutil.copy(notebook, root / notebook.name)
    shutil.copy(RISE_CSS, root / RISE_CSS.name)
    settings = base / "settings"
    _write_lab_settings(settings)
    port, token = _free_port(), secrets.token_hex(16)
    command = [
        sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
        "--ip", "127.0.0.1", f"--port={port}", f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}", f"--LabApp.workspaces_dir={base / 'workspaces'}",
        f"--LabApp.user_settings_dir={settings}", "--LabApp.expose_app_in_browser=True",
        "--ServerApp.port_retries=0", *notary_options,
    ]
    log = open(base / "server.log", "w")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=root,
                              start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        "JupyterLab did not start:\n" + (base / "server.log").read_text()
                    ) from None
                time.sleep(0.25)
        yield {"url": url, "token": token, "root": root}
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()


@pytest.fixture(scope="module")
def lab_server(tmp_path_factory):
    yield from _serve_notebooks(tmp_path_factory, trusted=False)


@pytest.fixture(scope="module")
def trusted_lab_server(tmp_path_factory):
    yield from _serve_notebooks(tmp_path_factory, trusted=True)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    _require_chromium()
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=CHROMIUM,
            headless=True, args=CHROMIUM_ARGS, viewport={"width": 1600, "height": 1000},
        )
        try:
            yield context
        finally:
            context.close()


@pytest.fixture(scope="module")
def lab_runs():
    """The JupyterLab pages of the notebooks this module has run top to bottom, by name,
    kept open with their kernels (see `_run_in_lab`); closed at the end of the module."""
    pages = {}
    yield pages
    for page in pages.values():
        page.close()


def _run_in_lab(browser, lab_server, lab_runs, name):
    """Notebook ``name`` open in JupyterLab after a run of every cell: the page of an earlier
    run in this module if there was one (its kernel holds that run's state), else a new run.
    Running a notebook costs up to a minute of a loaded machine: a test that needs one
    that has run (RISE on a live kernel, the notebook view) reuses it."""
    if name not in lab_runs:
        page = _open_notebook(browser, lab_server, name)
        try:
            _run_all(page)
        except BaseException:
            page.close()
            raise
        lab_runs[name] = page
    return lab_runs[name]


def _open_notebook(browser, lab_server, name):
    page = browser.new_page()
    page.goto(f"{lab_server['url']}/lab/tree/{name}?reset&token={lab_server['token']}")
    page.wait_for_selector(".jp-Notebook", timeout=60_000)
    # The kernel must be attached before "run all", or the command silently does nothing.
    page.wait_for_selector("#jp-main-statusbar >> text=| Idle", timeout=60_000)
    return page


def _run_all(page):
    """Run every cell and wait until the last one has run.

    The stored outputs are cleared first: otherwise every prompt already shows the
    stored execution count, and the kernel reads idle between two cells, so a wait
    could end while the run is still going. The waits look every `RUN_POLL_MS` rather than
    at every animation frame: each look reads every prompt of the notebook, and a run
    takes seconds.
    """
    page.evaluate("window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.wait_for_function(
        """() => ![...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                  .some(p => /\\[\\d+\\]/.test(p.textContent))""",
        timeout=RUN_TIMEOUT_MS, polling=RUN_POLL_MS,
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
            return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""",
        timeout=RUN_TIMEOUT_MS, polling=RUN_POLL_MS,
    )
    page.wait_for_selector("#jp-main-statusbar >> text=| Idle", timeout=RUN_TIMEOUT_MS)


def _error_outputs(page):
    return page.eval_on_selector_all(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']",
        "nodes => nodes.map(n => n.textContent.slice(0, 300))",
    )


def _widget_output_html(widget):
    return widget.locator(".widget-output").first.inner_html()


def _move(widget, page):
    """Change the first control of an ``interactive`` widget the way a person would."""
    toggles = widget.locator(".widget-toggle-button")
    if toggles.count() > 1:
        toggles.locator("visible=true").last.click()
        return
    handles = widget.locator(".noUi-handle")
    if handles.count():
        # Wait until the handle has focus before pressing keys: on a loaded machine a key
        # pressed right after `focus()` could arrive before the focus and be lost.
        from playwright.sync_api import expect

        handle = handles.first
        handle.focus()
        expect(handle).to_be_focused(timeout=30_000)
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        return
    dropdowns = widget.locator("select")
    if dropdowns.count():
        options = dropdowns.first.locator("option").all_inner_texts()
        dropdowns.first.select_option(label=options[-1])
        return
    raise AssertionError("the widget has no toggle buttons, slider or dropdown to move")


def _assert_widget_responds(widget, page):
    before = _widget_output_html(widget)
    assert "<img" in before, "the widget shows no figure before it is moved"
    _move(widget, page)
    page.wait_for_function(
        "([node, html]) => node.querySelector('.widget-output').innerHTML !== html",
        arg=[widget.element_handle(), before], timeout=90_000,
    )


def test_the_server_listens_on_loopback_only_and_requires_its_token(lab_server):
    import psutil

    port = int(lab_server["url"].rsplit(":", 1)[1])
    listening = {c.laddr.ip for c in psutil.net_connections(kind="inet")
                 if c.status == psutil.CONN_LISTEN and c.laddr.port == port}
    assert listening == {"127.0.0.1"}
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{lab_server['url']}/api/contents", timeout=10)
    assert refused.value.code == 403
    with urllib.request.urlopen(
        f"{lab_server['url']}/api/contents?token={lab_server['token']}", timeout=10
    ) as allowed:
        assert allowed.status == 200


@pytest.mark.parametrize("notebook", [p.name for p in NOTEBOOKS])
def test_notebook_runs_in_jupyterlab_and_its_widgets_respond(browser, lab_server, lab_runs,
                                                           notebook):
    # The figures' descriptions as stored in the copy JupyterLab opens, read before it can
    # save the copy with the outputs of this run.
    stored = stored_figure_alts(lab_server["root"] / notebook)
    page = _run_in_lab(browser, lab_server, lab_runs, notebook)
    stem = Path(notebook).stem
    try:
        assert _error_outputs(page) == []
        unrendered = page.locator(".jp-OutputArea-output >> text=interactive(children=")
        assert unrendered.count() == 0, "a widget was shown as text: the widget manager failed"
        widgets = page.locator(".jp-OutputArea-output .widget-interact")
        if _has_widgets(lab_server["root"] / notebook):
            widgets.first.wait_for(state="visible", timeout=30_000)
        else:
            assert widgets.count() == 0
        for index in range(widgets.count()):
            widget = widgets.nth(index)
            widget.scroll_into_view_if_needed()
            widget.locator(".widget-output img").first.wait_for(timeout=30_000)
            page.screenshot(path=str(ARTIFACTS / f"{stem}_lab_widget{index + 1}.png"))
            _assert_widget_responds(widget, page)
            page.screenshot(path=str(ARTIFACTS / f"{stem}_lab_widget{index + 1}_moved.png"))
        # Every figure, in an output or drawn by a widget, reaches the page with its text
        # description, the same as the one stored in the notebook.
        problems = figure_description_problems(page.evaluate(RENDERED_FIGURES), stored)
        assert not problems, (
            f"{notebook} in JupyterLab: figures whose description is missing, shorter than "
            f"{MIN_ALT_WORDS} words or not the stored one (show figures with "
            "lecture_utils.plotting.show_figure; re-execute a notebook whose stored outputs "
            "are out of date):\n" + "\n".join(problems))
    finally:
        if notebook != RISE_WIDGET_NOTEBOOK:  # the RISE test presents that one on its kernel
            lab_runs.pop(notebook).close()


# In-page helpers: the slide being shown, the first enabled reveal.js arrow control of the
# given directions, and a wait for the next frame.
NAVIGATION = """
    const present = () => [...document.querySelectorAll('.reveal .slides section.present')].pop();
    const control = directions => directions
        .map(direction => document.querySelector(`.reveal .controls .navigate-${direction}`))
        .find(button => button && !button.disabled);
    const frame = () => new Promise(resolve => requestAnimationFrame(resolve));
"""

# In-page: click the arrow controls of the given directions (the first enabled one, a frame
# a step) until the slide on show contains `text`; whether it was found.
GO_TO_SLIDE_CONTAINING = "async ([text, directions]) => {" + NAVIGATION + """
    for (let step = 0; step < 300; step++) {
        if (present().innerText.includes(text)) return true;
        const button = control(directions);
        if (!button) return false;
        button.click();
        await frame();
    }
    return false;
}"""


def _go_to_slide_containing(page, text, forward=True):
    """Click reveal.js's arrow controls (keys would go to a cell editor) until ``text`` shows,
    through every slide and sub-slide: down then right going forward, up then left back."""
    directions = ["down", "right"] if forward else ["up", "left"]
    assert page.evaluate(GO_TO_SLIDE_CONTAINING, [text, directions]), f"no slide shows {text!r}"


def _has_widgets(path):
    """Whether the notebook at ``path`` shows an interactive widget in a stored output."""
    notebook = nbformat.read(path, as_version=4)
    return any("application/vnd.jupyter.widget-view+json" in output.get("data", {})
               for cell in notebook.cells for output in cell.get("outputs", []))


def test_the_notebook_view_keeps_its_own_text_sizes(browser, lab_server, lab_runs):
    """rise.css styles the slides only: in JupyterLab's notebook view, where students read on
    laptops, markdown stays smaller than the slides' body text. One notebook is enough:
    every notebook gets the same stylesheet."""
    lab = _run_in_lab(browser, lab_server, lab_runs, RISE_WIDGET_NOTEBOOK)
    body = lab.evaluate("parseFloat(getComputedStyle("
                        "document.querySelector('.jp-RenderedMarkdown p')).fontSize)")
    assert body < MIN_BODY_PX, "the slides' sizes leaked into the notebook view"


def test_a_widget_works_inside_a_rise_slideshow(browser, lab_server, lab_runs):
    """Notebook 01, once run in JupyterLab, presented with RISE, which attaches to the same
    kernel: re-running the widget cell on its slide must give a live, responsive widget."""
    notebook = RISE_WIDGET_NOTEBOOK
    _run_in_lab(browser, lab_server, lab_runs, notebook)
    slides = browser.new_page()
    try:
        slides.goto(f"{lab_server['url']}/rise/{notebook}?token={lab_server['token']}")
        slides.wait_for_selector(".reveal .slides section.present", timeout=60_000)
        slides.wait_for_selector(".jp-Notebook-cell", timeout=60_000)
        slides.screenshot(path=str(ARTIFACTS / "rise_title_slide.png"))
        # The title slide's speaker notes are on the page, for RISE's notes window, but
        # not on the audience's slide.
        notes = slides.locator(".reveal .slides section.present aside.notes")
        assert notes.count() >= 1, "the title slide has no speaker notes"
        assert not notes.first.is_visible(), "speaker notes show on the audience's slide"
        cell_text = "covariance_widget("
        _go_to_slide_containing(slides, cell_text)
        cell = slides.locator(".jp-CodeCell", has_text=cell_text)
        cell.locator(".jp-InputArea-editor").click()
        # Ctrl+Enter runs the cell in place, as an instructor re-runs a cell on stage.
        # (Shift+Enter would select the next cell, the slide's hidden speaker notes, and
        # in jupyterlab-rise 0.43.1 the widget then ignores clicks; README says so.)
        slides.keyboard.press("Control+Enter")
        widget = cell.locator(".widget-interact")
        widget.locator(".widget-output img").first.wait_for(timeout=60_000)
        _go_to_slide_containing(slides, cell_text, forward=False)
        slides.wait_for_timeout(800)
        assert widget.is_visible(), "the widget is not on the slide being shown"
        slides.screenshot(path=str(ARTIFACTS / "rise_widget_slide.png"))
        _assert_widget_responds(widget, slides)
        slides.screenshot(path=str(ARTIFACTS / "rise_widget_slide_moved.png"))
    finally:
        slides.close()
