"""Build the course as a static website, from the notebooks' stored outputs.

Usage, from the repository root::

    python site/build_site.py                  # the whole site, into site/_build/html/
    python site/build_site.py --output DIR     # somewhere else
    python site/build_site.py --fetch-only     # only fill the library cache (needs npm)

The site has an index page, then for each numbered lecture notebook ``NN_name``: the
lecture (``NN_name.html``), its appendix on a page of its own (``NN_name_appendix.html``),
its exercises with their worked solutions (``exercises/NN_name_exercises.html``) and its
reveal.js slides (``slides/NN_name.slides.html``, made by ``notebooks/export_slides.py``).
No notebook is executed: Sphinx with myst-nb renders what the notebooks store. The pages
are made to be read, not presented:

- each speaker-notes cell (slide type ``notes``) folds into a "Speaker notes" toggle;
- the exercises come from the solutions edition (``notebooks/exercises/solutions/``),
  with every worked solution folded into a "Worked solution" toggle, nbgrader's
  ``### BEGIN SOLUTION`` / ``### END SOLUTION`` markers and its hidden tests removed;
- everything from a lecture's ``## Appendix`` heading on is the appendix page, its
  headings one level up.

The site loads nothing from the network: MathJax, require.js and the widget manager that
draws the widgets from their saved state are copied into its ``_vendor/`` folder (not
into ``_static/``, which Sphinx gives every page) from the library cache that
``notebooks/export_slides.py`` keeps in ``.cache/slides-vendor/``. Those packages are
fetched once, at pinned versions, with ``npm pack``; ``--fetch-only`` needs nothing but
npm and the Python standard library. The output folder is self-contained: copy it to any
static web host, or open its ``index.html`` from disk.
"""

import argparse
import copy
import importlib.util
import re
import shutil
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

SITE_DIR = Path(__file__).resolve().parent
ROOT = SITE_DIR.parent
NOTEBOOK_DIR = ROOT / "notebooks"
SOLUTIONS_DIR = NOTEBOOK_DIR / "exercises" / "solutions"
OUTPUT_DIR = SITE_DIR / "_build" / "html"
#: The index page, with the marker where the build writes the course's contents.
INDEX_PAGE = SITE_DIR / "index.md"
CONTENTS_MARKER = "<!-- the course's contents -->"


def _load_export_slides():
    """notebooks/export_slides.py, the slides' exporter and the keeper of the library cache."""
    spec = importlib.util.spec_from_file_location(
        "export_slides", NOTEBOOK_DIR / "export_slides.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


export_slides = _load_export_slides()
VendorPackage = export_slides.VendorPackage

# --- the libraries the pages load ---------------------------------------------------------------

#: The site's third-party libraries go into this folder of the site (not ``_static/``).
VENDOR_DIRNAME = "_vendor"
# MathJax 3 (Sphinx's own default, MathJax 4, fetches its fonts from a second package at
# run time): the TeX-to-HTML component, and what it loads on demand (TeX extensions,
# fonts, the other outputs, the menu's accessibility tools and their speech rules).
MATHJAX = VendorPackage("mathjax", "3.2.2", (
    "LICENSE", "es5/tex-chtml.js", "es5/input/", "es5/output/", "es5/ui/", "es5/a11y/",
    "es5/sre/",
))
# The widget manager that draws ipywidgets from a notebook's saved widget state: the
# release made with ipywidgets 8.1.2 (requirements.txt), its AMD bundle and the three
# Font Awesome fonts that bundle asks a browser for. It needs require.js: the slides' copy.
WIDGET_MANAGER = VendorPackage("@jupyter-widgets/html-manager", "1.0.10", (
    "LICENSE", "dist/embed-amd.js", "dist/1551f4f60c37af51121f.woff2",
    "dist/7a3337626410ca2f4071.woff2", "dist/d878b0a6a1144760244f.woff2",
))
REQUIREJS = export_slides.REQUIREJS
VENDOR = (MATHJAX, REQUIREJS, WIDGET_MANAGER)


def vendor_path(package, path):
    """``_vendor/<package folder>/<path>``: where a library file is, from the site's root."""
    return f"{VENDOR_DIRNAME}/{package.folder}/{path}"


def fetch_all(cache_dir=export_slides.CACHE_DIR):
    """Fetch every package the site needs (its own ``VENDOR`` and, for its slides and their
    tests, ``export_slides.FETCHED``) that is not in the library cache yet."""
    for package in dict.fromkeys(VENDOR + export_slides.FETCHED):
        export_slides.fetch(package, cache_dir)
        print(f"cached  {package.name}@{package.version}")


def copy_vendor(site_dir, cache_dir=export_slides.CACHE_DIR):
    """Copy the files of ``VENDOR`` from the cache into ``site_dir/_vendor/``."""
    for package in VENDOR:
        source = export_slides.fetch(package, cache_dir)
        for name in package.files:
            target = Path(site_dir) / vendor_path(package, name)
            target.parent.mkdir(parents=True, exist_ok=True)
            copy_one = shutil.copytree if name.endswith("/") else shutil.copy2
            copy_one(source / name, target)


# --- from notebooks to pages --------------------------------------------------------------------

SOLUTION_MARKER = re.compile(r"^[ \t]*### (BEGIN|END) SOLUTION[ \t]*\n?", flags=re.MULTILINE)
HIDDEN_TESTS = re.compile(r"^[ \t]*### BEGIN HIDDEN TESTS.*?### END HIDDEN TESTS[ \t]*\n?",
                          flags=re.MULTILINE | re.DOTALL)
APPENDIX_HEADING = re.compile(r"^## Appendix\b", flags=re.MULTILINE)
FENCE = re.compile(r"^[ \t]{0,3}(```|~~~)")
ATX_HEADING = re.compile(r"^[ \t]{0,3}(#{2,6})([ \t])")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

SPEAKER_NOTES = "Speaker notes"
WORKED_SOLUTION = "Worked solution"


def slide_type(cell):
    """A cell's RISE slide type (``slide``, ``notes``, ...; ``-`` when it has none)."""
    return cell.metadata.get("slideshow", {}).get("slide_type", "-")


def folded(markdown, summary, css_class):
    """Markdown that a page shows folded under ``summary``: an HTML ``<details>`` element,
    whose contents stay Markdown (the blank lines end the HTML blocks around it)."""
    return (f'<details class="{css_class}">\n<summary>{summary}</summary>\n\n'
            f"{markdown.strip()}\n\n</details>")


def with_notes_folded(notebook):
    """A copy of ``notebook`` whose speaker-notes cells fold under "Speaker notes"."""
    notebook = copy.deepcopy(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and slide_type(cell) == "notes":
            cell.source = folded(cell.source, SPEAKER_NOTES, "speaker-notes")
    return notebook


def without_solution_markers(source):
    """``source`` without nbgrader's ``### BEGIN SOLUTION`` and ``### END SOLUTION`` lines."""
    return SOLUTION_MARKER.sub("", source)


def with_solutions_folded(notebook):
    """A copy of an nbgrader source notebook (the solutions edition) for reading.

    Every solution cell (nbgrader metadata ``solution: true``) folds under "Worked
    solution": a Markdown answer in a ``<details>`` element, a code answer, with its
    outputs, in myst-nb's hidden-cell toggle with the same label. nbgrader's solution
    markers go, and so do the hidden tests of the check cells, as in the student edition.
    """
    notebook = copy.deepcopy(notebook)
    for cell in notebook.cells:
        cell.source = HIDDEN_TESTS.sub("", cell.source)
        if not cell.metadata.get("nbgrader", {}).get("solution"):
            continue
        cell.source = without_solution_markers(cell.source)
        if cell.cell_type == "markdown":
            cell.source = folded(cell.source, WORKED_SOLUTION, "worked-solution")
        else:
            cell.metadata.setdefault("tags", []).append("hide-cell")
            cell.metadata["mystnb"] = {"code_prompt_show": WORKED_SOLUTION,
                                       "code_prompt_hide": WORKED_SOLUTION}
    return notebook


def promoted_headings(markdown):
    """``markdown`` with every ATX heading from ``##`` down one level up (``##`` -> ``#``),
    leaving fenced code alone."""
    lines, fenced = [], None
    for line in markdown.split("\n"):
        fence = FENCE.match(line)
        if fence and fenced in (None, fence.group(1)):
            fenced = None if fenced else fence.group(1)
        elif fenced is None:
            line = ATX_HEADING.sub(lambda m: m.group(1)[1:] + m.group(2), line, count=1)
        lines.append(line)
    return "\n".join(lines)


def _has_widget_view(cells):
    return any(WIDGET_VIEW in output.get("data", {})
               for cell in cells for output in cell.get("outputs", []))


def _part(notebook, cells):
    """A notebook of ``cells`` with ``notebook``'s metadata, and its saved widget state only
    if one of the cells shows a widget (the state makes a page load the widget manager)."""
    part = copy.copy(notebook)
    part.metadata = copy.deepcopy(notebook.metadata)
    part.cells = cells
    if not _has_widget_view(cells):
        part.metadata.pop("widgets", None)
    return part


def split_appendix(notebook):
    """Split a lecture notebook at its ``## Appendix`` heading.

    Returns the lecture (the cells before that heading) and the appendix, whose headings
    move one level up so that ``## Appendix: ...`` becomes its page's title, prefixed with
    the lecture's number (``# 01 · Appendix: ...``). A notebook without an appendix comes
    back whole, with ``None`` for the appendix.
    """
    start = next((index for index, cell in enumerate(notebook.cells)
                  if cell.cell_type == "markdown" and APPENDIX_HEADING.search(cell.source)),
                 None)
    if start is None:
        return copy.deepcopy(notebook), None
    lecture = _part(notebook, copy.deepcopy(notebook.cells[:start]))
    appendix = _part(notebook, copy.deepcopy(notebook.cells[start:]))
    number = lecture_number(notebook)
    for cell in appendix.cells:
        if cell.cell_type == "markdown":
            cell.source = promoted_headings(cell.source)
    first = appendix.cells[0]
    first.source = re.sub(r"^# Appendix\b", f"# {number} · Appendix" if number else "# Appendix",
                          first.source, count=1, flags=re.MULTILINE)
    return lecture, appendix


def notebook_title(notebook):
    """The text of the notebook's first ``#`` heading."""
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            found = re.search(r"^# (.+)$", cell.source, flags=re.MULTILINE)
            if found:
                return found.group(1).strip()
    raise ValueError("the notebook has no title: its first Markdown cell should begin with "
                     "a '# NN · Title' heading.")


def lecture_number(notebook):
    """The ``NN`` of a title ``NN · Title`` (empty if the title has no number)."""
    title = notebook_title(notebook)
    return title.split(" · ", 1)[0] if " · " in title else ""


# --- the site's sources -------------------------------------------------------------------------

def lecture_notebooks():
    """Every numbered lecture notebook, in the collection's order."""
    return sorted(NOTEBOOK_DIR.glob("[0-9][0-9]_*.ipynb"))


def exercises_for(lecture_path):
    """The solutions edition of a lecture's exercise notebook."""
    path = SOLUTIONS_DIR / f"{Path(lecture_path).stem}_exercises.ipynb"
    if not path.is_file():
        raise FileNotFoundError(f"{Path(lecture_path).name} has no exercise notebook: "
                                f"expected {path.relative_to(ROOT)}.")
    return path


def _link(text, target):
    """A Markdown link to another page of the site, or an HTML one to a file Sphinx does not
    make (the slides), which Sphinx would otherwise try to resolve."""
    if target.endswith(".ipynb"):
        return f"[{text}]({target})"
    return f'<a href="{target}">{text}</a>'


def _docname(path):
    """Sphinx's name of the page made from the notebook at ``path`` (no suffix)."""
    return path.removesuffix(".ipynb")


def contents(entries):
    """The index page's list of the course and its hidden tables of contents.

    ``entries`` holds, per lecture, its title and the names of its lecture, appendix (or
    None), exercise and slides files, relative to the site's root.
    """
    lines, tables = [], []
    for entry in entries:
        links = [_link("lecture", entry["lecture"])]
        toc = [f"Lecture <{_docname(entry['lecture'])}>"]
        if entry["appendix"]:
            links.append(_link("appendix", entry["appendix"]))
            toc.append(f"Appendix <{_docname(entry['appendix'])}>")
        links += [_link("exercises with worked solutions", entry["exercises"]),
                  _link("slides", entry["slides"])]
        toc.append(f"Exercises <{_docname(entry['exercises'])}>")
        lines.append(f"- **{entry['title']}**: " + " · ".join(links))
        tables.append(f"```{{toctree}}\n:hidden:\n:caption: {entry['title']}\n\n"
                      + "\n".join(toc) + "\n```")
    return "\n".join(lines) + "\n\n" + "\n\n".join(tables) + "\n"


def read_notebook(path):
    """The (version 4) notebook at ``path``, read without nbformat's schema validation: the
    tests validate every notebook, and here it would only slow the build down."""
    from nbformat import v4

    return v4.reads(Path(path).read_text(encoding="utf-8"))


def write_notebook(notebook, path):
    """Write ``notebook`` to ``path``, without validation (see `read_notebook`)."""
    from nbformat import v4

    Path(path).write_text(v4.writes(notebook), encoding="utf-8")


def write_sources(source_dir, notebooks=None):
    """Write the site's sources into ``source_dir``: the index, the README it quotes, and
    every page's notebook, made readable. Returns the entries of `contents`."""
    index = INDEX_PAGE.read_text(encoding="utf-8")
    if CONTENTS_MARKER not in index:
        raise ValueError(f"{INDEX_PAGE} lacks the line {CONTENTS_MARKER!r}, where the "
                         "course's contents go: put it back.")
    source_dir = Path(source_dir)
    (source_dir / "exercises").mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "README.md", source_dir / "_readme.md")
    entries = []
    for path in notebooks or lecture_notebooks():
        stem = Path(path).stem
        notebook = read_notebook(path)
        lecture, appendix = split_appendix(with_notes_folded(notebook))
        entry = {"title": notebook_title(notebook), "lecture": f"{stem}.ipynb",
                 "appendix": f"{stem}_appendix.ipynb" if appendix else None,
                 "exercises": f"exercises/{stem}_exercises.ipynb",
                 "slides": f"slides/{export_slides.slides_path(path, '.').name}"}
        write_notebook(lecture, source_dir / entry["lecture"])
        if appendix:
            write_notebook(appendix, source_dir / entry["appendix"])
        exercises = read_notebook(exercises_for(path))
        write_notebook(with_solutions_folded(with_notes_folded(exercises)),
                       source_dir / entry["exercises"])
        entries.append(entry)
    (source_dir / "index.md").write_text(index.replace(CONTENTS_MARKER, contents(entries)),
                                         encoding="utf-8")
    return entries


# --- the build ----------------------------------------------------------------------------------

def _check_replaceable(output_dir):
    """Refuse to replace a folder that is neither empty nor a site built before."""
    if output_dir.exists() and any(output_dir.iterdir()) \
            and not (output_dir / ".buildinfo").is_file():
        raise ValueError(f"{output_dir} exists and is not a site built by this script (it has "
                         "no .buildinfo): name an empty or new folder with --output.")


SPHINX_API_NOTICE = r".* is deprecated\. Check CHANGES for Sphinx API modifications\."


def sphinx_build(source_dir, html_dir, doctree_dir):
    """Run Sphinx's HTML builder with site/conf.py; any warning fails the build."""
    from sphinx.cmd.build import build_main

    with warnings.catch_warnings():
        # Sphinx's notices to extension authors (myst-nb's, the theme's), not to us.
        warnings.filterwarnings("ignore", message=SPHINX_API_NOTICE)
        status = build_main(["-b", "html", "-c", str(SITE_DIR), "-d", str(doctree_dir),
                             "-W", "--keep-going", "-q", str(source_dir), str(html_dir)])
    if status != 0:
        raise RuntimeError(f"Sphinx failed (exit status {status}); its warnings are above.")


def start_slides_export(notebooks, slides_dir):
    """Start ``notebooks/export_slides.py`` on ``notebooks`` in a process of its own, to run
    beside Sphinx; `finish_slides_export` waits for it."""
    command = [sys.executable, str(NOTEBOOK_DIR / "export_slides.py"),
               "--output", str(slides_dir), *map(str, notebooks)]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)


def finish_slides_export(process):
    """Wait for the slides' export; raise RuntimeError with its output if it failed."""
    output, _ = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"the slides' export failed (exit status {process.returncode}):\n"
                           + output)


def build(output_dir=OUTPUT_DIR, notebooks=None):
    """Build the site into ``output_dir``, which is replaced as a whole; return its path.

    The site is made in a temporary folder next to ``output_dir`` and moved into place only
    when complete: a failed build leaves the previous site as it was. The slides are
    exported by a second process while Sphinx writes the pages.
    """
    output_dir = Path(output_dir).resolve()
    _check_replaceable(output_dir)
    notebooks = list(notebooks or lecture_notebooks())
    output_dir.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=output_dir.parent, prefix=".site-") as scratch:
        scratch = Path(scratch)
        html_dir = scratch / "html"
        copy_vendor(html_dir)
        slides = start_slides_export(notebooks, html_dir / "slides")
        try:
            write_sources(scratch / "source", notebooks)
            sphinx_build(scratch / "source", html_dir, scratch / "doctrees")
        except BaseException:
            slides.kill()
            slides.communicate()
            raise
        finish_slides_export(slides)
        shutil.rmtree(output_dir, ignore_errors=True)
        html_dir.rename(output_dir)
    return output_dir


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT_DIR,
                        help="folder for the site (default: site/_build/html/)")
    parser.add_argument("--fetch-only", action="store_true",
                        help="only fetch the libraries into the cache; build nothing")
    args = parser.parse_args(argv)
    try:
        fetch_all()
        if not args.fetch_only:
            site = build(args.output)
            print(f"wrote   {site}  (open {site / 'index.html'})")
    except (RuntimeError, ValueError, FileNotFoundError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
