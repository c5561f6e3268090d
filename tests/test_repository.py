"""The repository keeps its promises: requirement files agree, README commands are the ones CI
runs, every notebook is listed, and the package layers import only downwards."""

import ast
import re
from pathlib import Path

import pytest
import yaml
from lowest_requirements import lowest_pins
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]


def _pip_requirements(name="requirements.txt"):
    found = {}
    for line in (ROOT / name).read_text().splitlines():
        line = line.split("#")[0].strip()
        if not line or line.startswith("-e"):
            continue
        requirement = Requirement(line)
        found[canonicalize_name(requirement.name)] = requirement.specifier
    return found


def _conda_requirements():
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    found = {}
    for entry in environment["dependencies"]:
        if not isinstance(entry, str) or entry.split(">")[0].split("=")[0] in ("python", "pip"):
            continue
        requirement = Requirement(entry)
        found[canonicalize_name(requirement.name)] = requirement.specifier
    return found


def test_requirements_and_environment_list_the_same_packages_and_ranges():
    pip, conda = _pip_requirements(), _conda_requirements()
    assert pip.keys() == conda.keys(), f"only in one file: {sorted(pip.keys() ^ conda.keys())}"
    differing = {
        name: (str(pip[name]), str(conda[name])) for name in pip if pip[name] != conda[name]
    }
    assert not differing, f"version ranges differ: {differing}"


def test_the_package_asks_for_the_lowest_versions_that_are_tested():
    """lecture_utils' own dependencies (pyproject.toml) start where requirements.txt's
    ranges start, which the lowest-versions CI job tests."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pip = _pip_requirements()
    for line in project["dependencies"]:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in pip, f"{name} is a dependency of lecture_utils but not in requirements.txt"
        lowest = {spec.version for spec in pip[name] if spec.operator in (">=", "==")}
        declared = {spec.version for spec in requirement.specifier if spec.operator == ">="}
        assert declared == lowest, f"{name}: pyproject.toml says {declared}, tested {lowest}"


def test_every_requirement_has_lower_and_upper_bounds():
    for name, specifier in _pip_requirements().items():
        operators = {spec.operator for spec in specifier}
        assert "==" in operators or ({">=", "<"} <= operators), f"{name} {specifier}"


SITE_REQUIREMENTS = "requirements-site.txt"


def test_the_sites_requirements_are_bounded_and_not_in_requirements_txt():
    """requirements-site.txt adds the website's packages to requirements.txt: each with
    a lower and an upper bound, and none that requirements.txt already lists."""
    site, pip = _pip_requirements(SITE_REQUIREMENTS), _pip_requirements()
    assert site, f"{SITE_REQUIREMENTS} lists nothing"
    assert not site.keys() & pip.keys(), f"in both files: {sorted(site.keys() & pip.keys())}"
    for name, specifier in site.items():
        assert {">=", "<"} <= {spec.operator for spec in specifier}, f"{name} {specifier}"


def _installed_requirements(name, seen):
    """(package, requirement) for every requirement of the installed distribution ``name``
    and, recursively, of theirs (extras and other platforms' markers left out)."""
    from importlib import metadata

    for line in metadata.requires(name) or []:
        requirement = Requirement(line)
        if requirement.marker and not requirement.marker.evaluate({"extra": ""}):
            continue
        yield name, requirement
        dependency = canonicalize_name(requirement.name)
        if dependency not in seen:
            seen.add(dependency)
            try:
                yield from _installed_requirements(dependency, seen)
            except metadata.PackageNotFoundError:
                pass


def test_the_sites_requirements_install_beside_requirements_txt():
    """Where the site's packages are installed (the README's test command installs both
    files), they are within their ranges, and everything they and their dependencies ask of
    a package of requirements.txt admits both the version installed and requirements.txt's
    lowest (the one the lowest-versions job tests)."""
    from importlib import metadata

    site, pip = _pip_requirements(SITE_REQUIREMENTS), _pip_requirements()
    try:
        installed = {name: metadata.version(name) for name in site}
    except metadata.PackageNotFoundError as missing:
        pytest.skip(f"{missing} is not installed: `.venv/bin/pip install -r {SITE_REQUIREMENTS}`")
    for name, version in installed.items():
        assert version in site[name], f"{name} {version} is outside {site[name]}"
    lowest = dict(pin.split("==") for pin in lowest_pins(
        (ROOT / "requirements.txt").read_text().splitlines()))
    lowest = {canonicalize_name(name): version for name, version in lowest.items()}
    seen = set(site)
    conflicts = []
    for package in site:
        for asker, requirement in _installed_requirements(package, seen):
            name = canonicalize_name(requirement.name)
            if name not in pip:
                continue
            for version in (metadata.version(name), lowest[name]):
                if not requirement.specifier.contains(version, prereleases=True):
                    conflicts.append(f"{asker} needs {requirement}, requirements.txt allows "
                                     f"{name} {version}")
    assert not conflicts, "\n".join(conflicts)


def test_lowest_requirements_pin_each_requirement_to_its_lower_bound():
    pins = dict(pin.split("==") for pin in lowest_pins(
        (ROOT / "requirements.txt").read_text().splitlines()))
    pip = _pip_requirements()
    assert {canonicalize_name(name) for name in pins} == set(pip)
    for name, version in pins.items():
        specifier = pip[canonicalize_name(name)]
        assert version in specifier, f"{name}=={version} is outside {specifier}"
        assert any(spec.operator in (">=", "==") and spec.version == version
                   for spec in specifier), f"{name}=={version} is not the lower bound"
    with pytest.raises(ValueError, match="needs exactly one lower bound"):
        lowest_pins(["numpy<3"])


def test_ci_tests_the_lowest_allowed_versions_after_the_main_run():
    lines = (ROOT / ".ci" / "run").read_text().splitlines()
    main_run = lines.index(_readme_commands()[1])
    lowest = "\n".join(lines[main_run + 1:])
    assert "tests/lowest_requirements.py > .cache/lowest-constraints.txt" in lowest
    assert "pip install -r requirements.txt -c .cache/lowest-constraints.txt" in lowest
    assert ".venv-lowest/bin/python -m pytest tests -m \"not browser\"" in lowest


def test_requirements_include_the_stack_and_an_ml_covariance_scikit_learn():
    pip = _pip_requirements()
    for name in ["numpy", "pandas", "matplotlib", "scikit-learn", "jupyterlab", "nbval",
                 "ipywidgets", "pytest", "hypothesis", "playwright", "jupyterlab-rise"]:
        assert name in pip, name
    # QuadraticDiscriminantAnalysis divides covariances by N from scikit-learn 1.9 on.
    assert "1.8.99" not in pip["scikit-learn"] and "1.9.1" in pip["scikit-learn"]


def _readme_commands():
    return re.findall(r"```bash\n\s*(.+?)\n\s*```", (ROOT / "README.md").read_text())


def test_readme_has_exactly_two_commands_and_ci_runs_the_test_command():
    commands = _readme_commands()
    assert len(commands) == 2, commands
    setup_and_open, setup_and_test = commands
    assert "jupyter lab notebooks/" in setup_and_open
    assert "pip install -r requirements.txt" in setup_and_open
    assert "-m pytest" in setup_and_test
    assert setup_and_test in (ROOT / ".ci" / "run").read_text().splitlines()


def test_readme_lists_every_notebook():
    readme = (ROOT / "README.md").read_text()
    for notebook in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        assert f"(notebooks/{notebook.name})" in readme, f"README does not link {notebook.name}"


#: The layers of lecture_utils/__init__.py's table, in order: a module imports only from
#: the rows above its own.
LAYERS = {
    "validation": 0, "decision": 0, "style": 0, "punctuation": 0,
    "gaussian": 1, "discrete": 1, "logistic": 1,
    "projections": 2,
    "datasets": 3,
    "synthetic": 4,
    "experiments": 5,
    "plotting": 6,
    "widgets": 7,
    "exercises": 8,
}


def _internal_imports(path):
    """The lecture_utils modules that ``path`` imports (top-level module names)."""
    in_subpackage = path.parent.name != "lecture_utils"
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level >= 1 and node.module:
            if in_subpackage and node.level == 1:
                continue  # a sibling inside the same subpackage
            yield node.module.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("lecture_utils."):
            yield node.module.split(".")[1]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("lecture_utils."):
                    yield alias.name.split(".")[1]


def _package_modules():
    """Each file of lecture_utils with its layer's name: a subpackage is one layer."""
    package = ROOT / "lecture_utils"
    for path in sorted(package.rglob("*.py")):
        if path.parent == package and path.stem == "__init__":
            continue
        layer = path.stem if path.parent == package else path.parent.name
        yield pytest.param(path, layer, id=path.relative_to(package).as_posix())


@pytest.mark.parametrize("path, module", list(_package_modules()))
def test_modules_import_only_from_lower_layers(path, module):
    assert module in LAYERS, f"lecture_utils/{module} has no layer: add it to LAYERS"
    for imported in _internal_imports(path):
        if imported == module:
            continue
        assert LAYERS[imported] < LAYERS[module], f"{module} (layer {LAYERS[module]}) imports "\
            f"{imported} (layer {LAYERS[imported]})"


UNPICKLING = re.compile(
    r"import (c?pickle|dill|cloudpickle|shelve)\b|from (c?pickle|dill|cloudpickle|shelve) import"
    r"|pickle\.loads?\(|Unpickler|allow_pickle\s*=\s*True|read_pickle|joblib\.load|torch\.load"
)
#: Build scripts allowed to unpickle, and why. data/build_mnist.py rebuilds data/mnist.npz
#: from a published pickle: it runs only when the data file is rebuilt, never when a
#: notebook or a test loads data, and it checks the source's SHA-256 before it unpickles
#: anything (with an unpickler that resolves numpy's array constructors only).
UNPICKLING_AT_BUILD_TIME = {"data/build_mnist.py"}


def _python_sources():
    for pattern in ("lecture_utils/**/*.py", "notebooks/**/*.py", "notebooks/**/*.ipynb",
                    "data/*.py"):
        yield from sorted(ROOT.glob(pattern))


def test_no_code_unpickles_data_at_run_time():
    sources = list(_python_sources())
    assert any(path.parent.name == "data" for path in sources)
    for path in sources:
        name = path.relative_to(ROOT).as_posix()
        if name in UNPICKLING_AT_BUILD_TIME:
            assert "sha256" in path.read_text(), f"{name} unpickles without checking a hash"
            continue
        assert not UNPICKLING.search(path.read_text()), f"{name} unpickles data"


def test_the_unpickling_check_finds_unpickling():
    for code in ["import pickle", "from pickle import load", "pickle.loads(blob)",
                 "np.load(path, allow_pickle=True)", "pd.read_pickle(path)",
                 "class Safe(pickle.Unpickler):", "joblib.load(path)"]:
        assert UNPICKLING.search(code), code
    assert not UNPICKLING.search("np.load(path, allow_pickle=False)  # no pickle here")


def _public_names_without_examples(source):
    """Top-level public functions and classes in ``source`` whose docstring runs no example."""
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
            if ">>> " not in (ast.get_docstring(node) or ""):
                yield node.name


@pytest.mark.parametrize("path", sorted((ROOT / "lecture_utils").rglob("*.py")),
                         ids=lambda path: path.relative_to(ROOT / "lecture_utils").as_posix())
def test_every_public_function_and_class_has_a_doctested_example(path):
    missing = list(_public_names_without_examples(path.read_text()))
    assert not missing, (f"{path.name}: add an Examples section (one call and its printed "
                         f"result, run as a doctest) to {', '.join(missing)}")


def test_the_example_check_finds_a_name_without_one():
    source = ('def shown(x):\n    """Twice x.\n\n    >>> shown(2)\n    4\n    """\n'
              'def bare(x):\n    """Twice x."""\nclass Plain:\n    pass\n'
              'def _private(x):\n    pass\n')
    assert list(_public_names_without_examples(source)) == ["bare", "Plain"]
