"""notebooks/export_slides.py: offline reveal.js slides from the notebooks.

The first tests use a stand-in library cache in a temporary folder and a stand-in
``npm``, so they need no network. The browser test exports with the real cache
(filled by ``python notebooks/export_slides.py --fetch-only``), opens the slides
from ``file://`` in headless Chromium with every other request refused, and checks
that reveal.js and MathJax run. Screenshots go to tests/artifacts/.
"""

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
from test_browser import ARTIFACTS, _require_chromium, assert_legible, collect_text_sizes

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
    files = {package.name: list(package.files) for package in export_slides.VENDOR}
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
    for package in export_slides.VENDOR:
        folder = export_slides.cached_package(package, cache)
        assert all((folder / name).exists() for name in package.files), package.name
    assert sorted(p.name for p in cache.iterdir()) == sorted(
        package.folder for package in export_slides.VENDOR
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

def _require_vendor_cache():
    missing = [package.folder for package in export_slides.VENDOR
               if not export_slides.cached_package(package).is_dir()]
    if not missing:
        return
    message = (f"the slides' libraries are not cached ({', '.join(missing)}); run "
               "`python notebooks/export_slides.py --fetch-only` once (needs npm).")
    if os.environ.get("CI"):
        pytest.fail(message + " CI must run this test.")
    pytest.skip(message)


def _notes_cells(notebook_path):
    notebook = nbformat.read(notebook_path, as_version=4)
    return sum(cell.metadata.get("slideshow", {}).get("slide_type") == "notes"
               for cell in notebook.cells)


def _has_math(notebook_path):
    notebook = nbformat.read(notebook_path, as_version=4)
    return any(cell.cell_type == "markdown" and "$" in cell.source for cell in notebook.cells)


@pytest.fixture(scope="module")
def real_slides(tmp_path_factory):
    _require_chromium()
    _require_vendor_cache()
    slides_dir = tmp_path_factory.mktemp("slides")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(export_slides, "npm_pack", _no_npm)
        export_slides.export(NOTEBOOKS, slides_dir)
    return slides_dir


def _open_offline(context, url):
    """Open ``url`` allowing only file:// requests; return the page and its logs."""
    page = context.new_page()
    page.set_viewport_size({"width": 1600, "height": 900})
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


@pytest.mark.browser
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_exported_slides_run_offline_in_chromium(real_slides, browser, notebook):
    slides = export_slides.slides_path(notebook, real_slides)
    reveal_module = export_slides.library_urls()["reveal_url_prefix"] + "/dist/reveal.js"
    page, log = _open_offline(browser, slides.as_uri())
    try:
        page.wait_for_selector(".reveal.ready .slides section", state="attached",
                               timeout=30_000)
        reveal_ready = page.evaluate(
            "name => require.defined(name) && require(name).isReady()", reveal_module
        )
        assert reveal_ready, "reveal.js was not loaded and initialised"
        assert page.locator(".reveal .slides section").count() > 1
        # Speaker notes are in the page, one per notes cell, and hidden from the audience.
        notes = page.locator(".reveal aside.notes")
        assert notes.count() == _notes_cells(notebook)
        assert not any(notes.nth(i).is_visible() for i in range(notes.count())), \
            "speaker notes show on the audience's slide"
        if _has_math(notebook):
            page.wait_for_selector(".MathJax, .MathJax_CHTML, mjx-container",
                                   state="attached", timeout=30_000)
            errors = page.locator(".MathJax_Error, .mjx-merror").count()
            assert errors == 0, f"{errors} formulas did not typeset"
        page.wait_for_timeout(500)
        page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}_slides_offline.png"))
        page.evaluate("name => require(name).slide(1)", reveal_module)
        page.wait_for_timeout(300)
        page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}_slides_offline_2.png"))
        assert log["refused"] == [], f"requests to the network: {log['refused']}"
        assert log["failed"] == [], f"files that failed to load: {log['failed']}"
        assert log["errors"] == [], f"errors in the page: {log['errors']}"
    finally:
        page.close()


@pytest.mark.browser
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_exported_slides_are_legible_from_the_back_row(real_slides, browser, notebook):
    """The static slides, on a 1280x720 screen, show the text at rise.css's sizes."""
    slides = export_slides.slides_path(notebook, real_slides)
    reveal_module = export_slides.library_urls()["reveal_url_prefix"] + "/dist/reveal.js"
    page, _ = _open_offline(browser, slides.as_uri())
    try:
        page.set_viewport_size({"width": 1280, "height": 720})
        page.wait_for_selector(".reveal.ready .slides section", state="attached",
                               timeout=30_000)

        def step():
            if page.evaluate("name => require(name).isLastSlide()", reveal_module):
                return False
            page.evaluate("name => require(name).next()", reveal_module)
            return True

        sizes, measured = collect_text_sizes(page, step)
        print(f"{notebook.name} exported, {measured} slides: {sizes}")
        assert_legible(sizes, f"{notebook.name} exported")
        page.screenshot(path=str(ARTIFACTS / f"{notebook.stem}_slides_text_sizes.png"))
    finally:
        page.close()
