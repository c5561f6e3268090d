"""Sphinx configuration of the course's website (built by ``python site/build_site.py``).

Sphinx, myst-nb and sphinx-book-theme render the notebooks from their stored outputs;
nothing is executed. Every library a page loads comes from the site's own ``_vendor/``
folder (see build_site.py), never from a CDN.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_site import MATHJAX, REQUIREJS, WIDGET_MANAGER, vendor_path  # noqa: E402

project = "Generative classifiers, in notebooks"
html_title = project
language = "en"
root_doc = "index"
# githubpages: an empty .nojekyll file, so that GitHub Pages serves _static/ and _vendor/.
extensions = ["myst_nb", "sphinx.ext.githubpages"]
exclude_patterns = ["_readme.md", "**.ipynb_checkpoints"]

# --- the notebooks: rendered from their stored outputs ---
nb_execution_mode = "off"
myst_enable_extensions = ["dollarmath", "amsmath"]
myst_heading_anchors = 3
nb_merge_streams = True


def _from_static(path):
    """Sphinx puts a page's local scripts under _static/; the libraries are beside it."""
    return f"../{path}"


# --- maths: MathJax 3 from the site ---
# (MathJax finds the files it loads later, fonts and extensions, next to this one.)
mathjax_path = _from_static(vendor_path(MATHJAX, "es5/tex-chtml.js"))
mathjax3_config = {
    # An undefined macro is a MathJax error (which the tests look for), not red text.
    "tex": {"packages": {"[-]": ["noundefined"]}},
}

# --- widgets: drawn from their saved state by the widget manager, from the site ---
nb_ipywidgets_js = {
    _from_static(vendor_path(REQUIREJS, "require.js")): {},
    _from_static(vendor_path(WIDGET_MANAGER, "dist/embed-amd.js")): {
        # Where the manager looks for a widget module it does not bundle: next to the page,
        # where it is not found, rather than on a CDN. (Every widget here is one it bundles.)
        "data-jupyter-widgets-cdn": "./",
    },
}

# --- the look: sphinx-book-theme, a style sheet of our own, no copied sources ---
html_theme = "sphinx_book_theme"
html_theme_options = {
    # One search field, in the sidebar (the theme would add one to the top bar too); on a
    # phone the bar's search button stands in for it.
    "navbar_persistent": [],
    "use_download_button": False,
    "use_fullscreen_button": False,
    "show_navbar_depth": 1,
    "home_page_in_toc": True,
}
templates_path = ["_templates"]
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_js_files = ["site.js"]
html_use_index = False
html_copy_source = False
html_show_sourcelink = False
html_show_sphinx = False
html_last_updated_fmt = None
# The light theme, always: the figures are drawn on white.
html_context = {"default_mode": "light"}
html_favicon = "_static/favicon.svg"


# --- myst-nb's toggle of a folded code cell, named by its visible label ---

def _visit_folded_cell(translator, node):
    """A folded code cell (myst-nb's ``hide-cell`` and ``hide-input`` tags) as a plain
    ``<details>`` styled by site.css like the folded Markdown, its summary the label a
    reader sees. (myst-nb's own summary carries ``aria-label="Toggle hidden content"``,
    which hides that label from a screen reader: WCAG 2.5.3, label in name.)"""
    from html import escape

    classes = " ".join(["folded-cell", *node["classes"]])
    translator.body.append(
        f'<details class="{classes}">\n<summary>'
        f'<span class="collapsed">{escape(node["prompt_show"])}</span>'
        f'<span class="expanded">{escape(node["prompt_hide"])}</span></summary>\n')


def _depart_folded_cell(translator, node):
    translator.body.append("</details>\n")


def setup(app):
    from myst_nb.sphinx_ import HideCodeCellNode

    app.add_node(HideCodeCellNode, override=True,
                 html=(_visit_folded_cell, _depart_folded_cell))
