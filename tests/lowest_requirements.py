"""Print pip constraints that pin every requirement to the lowest version it allows.

    python tests/lowest_requirements.py > lowest.txt
    pip install -r requirements.txt -c lowest.txt

``numpy>=2.4,<2.5`` becomes ``numpy==2.4``; an exact pin ``==`` stays as it is. CI
installs these into a second environment and runs the unit and property tests there, so
that the lower bounds in requirements.txt are tested, not only the newest versions.
Lines that are not version requirements (``-e .``, comments) are left out.
"""

import sys
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]


def lowest_pins(lines):
    """``name==lowest`` for every requirement line with a lower bound (``>=`` or ``==``).

    Raises
    ------
    ValueError
        A requirement without a lower bound: there is no lowest version to test.
    """
    pins = []
    for line in lines:
        line = line.split("#")[0].strip()
        if not line or line.startswith("-"):
            continue
        requirement = Requirement(line)
        lower = [spec.version for spec in requirement.specifier if spec.operator in (">=", "==")]
        if len(lower) != 1:
            raise ValueError(f"{line!r} needs exactly one lower bound (>= or ==) to pin.")
        pins.append(f"{requirement.name}=={lower[0]}")
    return pins


def main():
    requirements = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    sys.stdout.write("".join(f"{pin}\n" for pin in lowest_pins(requirements)))


if __name__ == "__main__":
    main()
