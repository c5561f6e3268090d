"""Submissions for the grading round trip (tests/test_exercise_grading.py), made from the
committed student edition the way a student would make them.

- `HALF_DONE`: about half the exercises of each notebook done, each where the instructions
  say, in its answer cell: code replaces the `YOUR CODE HERE` stub, written answers replace
  `YOUR ANSWER HERE`. Some code answers are right (written another valid way than the worked
  solution: pandas, scipy, a loop, float32), some are wrong, as a student's are. `PASSES`
  lists the checks that must give full points; every other check must give zero, and
  every written answer must wait for a person (``needs_manual_grade``).
- The same submission also edits every given code cell (`submission` with
  ``edit_given_cells``): a check cell is replaced by ``pass``; a data cell is changed
  (`DATA_EDITS`) so that one of the wrong answers, the cheat of `CHEATS`, passes its check on
  the changed data (with ``X_post = test.X`` the long file that needs log-sum-exp is gone, and
  a posterior without it passes). autograde restores every locked cell, so the submission
  must score what its answers earn on the notebook's own data: `PASSES`, never more.
  `code_as_it_stands` and `run_without_the_grader` run it as it stands, to show that each
  cheat would gain.
"""

import contextlib
import copy
import io
import re

#: A code stub that nbgrader leaves where a solution was, with its indentation.
CODE_STUB = re.compile(r"^( *)# YOUR CODE HERE\n\1raise NotImplementedError\(\)\n?", re.MULTILINE)
TEXT_STUB = "YOUR ANSWER HERE"

#: notebook -> answer cell (grade_id) -> what the student writes in place of each stub,
#: in order (None: that stub is left blank). A str is the written answer of a markdown cell.
HALF_DONE = {
    "01_iris_gda_exercises": {
        "ex1-derivation": r"""With a multiplier $\lambda$:
$L = \sum_k N_k \log \pi_k + \lambda(1 - \sum_k \pi_k)$. Setting
$\partial L / \partial \pi_k = N_k / \pi_k - \lambda = 0$ gives $\pi_k = N_k / \lambda$, and the
constraint gives $\lambda = \sum_k N_k = N$, so $\pi_k = N_k / N$. Without the constraint the
log-likelihood grows without bound; a class with no flower gets $\pi_k = 0$, never predicted.""",
        "ex2-means-covariances": ["""\
classes = np.unique(y_train)
means = np.array([X_train[y_train == c].mean(axis=0) for c in classes])
covariances = np.array([np.cov(X_train[y_train == c].T) for c in classes])   # np.cov: N - 1
"""],
        "ex3-log-density": ["""\
diff = X - mean
_, log_det = np.linalg.slogdet(covariance)
mahalanobis = np.sum(diff * np.linalg.solve(covariance, diff.T).T, axis=1)
return -0.5 * (X.shape[1] * np.log(2 * np.pi) + log_det + mahalanobis)
"""],
        "ex4-posteriors": ["""\
joint = np.exp(log_likelihoods) * field_priors           # no log-sum-exp
posteriors = joint / joint.sum(axis=1, keepdims=True)
"""],
    },
    "02_height_gender_llr_exercises": {
        "ex1-llr": ["""\
from scipy.stats import norm
heights_m, heights_f = X[y == "M", 0], X[y == "F", 0]
return (norm.logpdf(x, heights_m.mean(), heights_m.std())
        - norm.logpdf(x, heights_f.mean(), heights_f.std()))
"""],
        "ex4-naive": ["""\
from scipy.stats import norm
def naive_log_density(sample):
    return norm.logpdf(points, sample.mean(axis=0), sample.std(axis=0)).sum(axis=1)
llr = naive_log_density(X2[y2 == "h1"]) - naive_log_density(X2[y2 == "h0"])
posterior_h1 = 1 / (1 + np.exp(-llr))   # the prior is missing
"""],
        "ex5-answer": """(a) The difference column: it is llr(174) = 1.505, the same at every
prior, because posterior log-odds = llr + prior log-odds. (b) Between 0.18 and 0.19: M when
$\\pi > 1 / (1 + e^{\\mathrm{llr}(174)})$. (c) llr(174) > 0: the posterior is above the prior.""",
    },
    "03_lda_vs_logistic_regression_exercises": {
        "ex1-derivation": r"""By the chain rule through every $\hat y_{nk}$ and the softmax
Jacobian, $\partial E / \partial a_{nj} = \hat y_{nj} - t_{nj}$; so
$\nabla_W E = X_1^T(\hat Y - T)$, of shape $(D + 1) \times K$, and the mean divides by $N$.
Each row sums to zero because both $\hat y_n$ and $t_n$ sum to one.""",
        "ex2-gradient": ["""\
gradient = np.zeros_like(W)
for x_n, t_n in zip(X1, T):
    y_hat = softmax((x_n @ W)[None, :])[0]
    gradient += np.outer(x_n, y_hat - t_n)
return gradient / len(X1)
"""],
        "ex3-scores": ["""\
Sigma_inverse = np.linalg.inv(lda.covariances_[0])
W_lda = lda.means_ @ Sigma_inverse     # the inverse is symmetric
"""],
    },
    "04_cat_fur_categorical_exercises": {
        "ex1-ml-estimates": ["""\
table = pd.crosstab(pd.Series(sex, name="sex"), pd.Series(fur, name="fur"))
table = table.reindex(columns=FUR_COLOURS, fill_value=0)
return table.div(table.sum(axis=1), axis=0).to_numpy()
"""],
        "ex2-pseudo-counts": ["""\
counts = np.zeros((len(np.unique(sex)), len(FUR_COLOURS)))
for row, k in enumerate(np.unique(sex)):
    for column, colour in enumerate(FUR_COLOURS):
        counts[row, column] = np.sum((sex == k) & (fur == colour))
return (counts + alpha) / (counts.sum(axis=1, keepdims=True) + alpha * len(FUR_COLOURS))
"""],
        "ex3-derivation": r"""$\log p(\pi \mid D) = \sum_j (N_j + \alpha) \log \pi_j + c$. With
$L = \sum_j (N_j + \alpha) \log \pi_j - \lambda(\sum_j \pi_j - 1)$:
$\pi_j = (N_j + \alpha) / \lambda$ and $\lambda = N_k + m\alpha$. Every weight is positive, so
the maximum is inside the simplex; $\alpha = 0$ gives back maximum likelihood.""",
        "ex4-posterior": ["""\
counts = np.array([[np.sum((shelter_sex == k) & (shelter_fur == c)) for c in FUR_COLOURS]
                   for k in ("female", "male")])
pi = (counts + 1) / (counts.sum(axis=1, keepdims=True) + len(FUR_COLOURS))
p_female = pi[0] / pi.sum(axis=0)                        # no priors
"""],
    },
    "05_c_vs_python_multinomial_exercises": {
        "ex1-theta": ["""\
counts = np.vstack([train.X[train.y == "C"].sum(axis=0), train.X[train.y == "Python"].sum(axis=0)])
theta = counts / counts.sum(axis=1)[:, None]
"""],
        "ex3-weights": ["""\
smoothed = (counts + 1) / (counts.sum(axis=1)[:, None] + counts.shape[1])
b = np.log(smoothed[0] / smoothed[1])
llr_x2 = test.X[1] @ b
"""],
        "ex4-loglik": [None, """\
joint = np.prod(theta[None] ** X_post[:, None], axis=2) * priors   # no log-sum-exp
log_post = np.log(joint / joint.sum(axis=1, keepdims=True))
"""],
        "ex5-answer": """Without pseudo-counts the validation error is worst (14.50%), because
some sets have a zero count and give llr = ±∞. Any α from 0.01 to 1 gives about the same
error; α = 100 shrinks b towards 0 and the error rises. Choose α on validation files, not on
the test half.""",
    },
    "06_mnist_pca_gaussians_exercises": {
        "ex1-parameters": ["""\
per_class = {"full": D * (D + 1) // 2, "diag": D}
shared = {"tied": D * (D + 1) // 2, "tied_diag": D}
if covariance in per_class:
    return K * D + K * per_class[covariance]
return K * D + shared[covariance]
"""],
        "ex2-probabilities": ["""\
p = np.array([(B_train[y_train == k].sum(axis=0) + 1) / (np.sum(y_train == k) + 2)
              for k in range(K)], dtype=np.float32)
"""],
        "ex4-test-error": ["""\
pca_40 = PCA(n_components=40).fit(X_train)
full_40 = GaussianClassifier(covariance="full", priors=UNIFORM).fit(pca_40.transform(X_train),
                                                                   y_train)
seen = slice(0, 1_000)                                   # training images: not the test error
test_error = error_rate(y_train[seen], full_40.predict(pca_40.transform(X_train[seen])))
"""],
        "ex3-derivation": r"""The variance of $z_n = u^T(x_n - \bar x)$ is
$u^T \Sigma_{\text{all}} u$. With $L = u^T \Sigma_{\text{all}} u - \ell (u^T u - 1)$,
$\nabla_u L = 0$ gives $\Sigma_{\text{all}} u = \ell u$, and the variance along $u$ is $\ell$:
the largest eigenvalue wins.""",
    },
}

#: notebook -> the checks (grade_id) that HALF_DONE must pass; every other check scores zero.
PASSES = {
    "01_iris_gda_exercises": {"ex2-means-check", "ex3-log-density-check"},
    "02_height_gender_llr_exercises": {"ex1-llr-check"},
    "03_lda_vs_logistic_regression_exercises": {"ex2-gradient-check", "ex3-weights-check"},
    "04_cat_fur_categorical_exercises": {"ex1-ml-estimates-check", "ex2-pseudo-counts-check"},
    "05_c_vs_python_multinomial_exercises": {"ex1-theta-check", "ex3-weights-check",
                                             "ex3-llr-check"},
    "06_mnist_pca_gaussians_exercises": {"ex1-parameters-check", "ex2-probabilities-check"},
}

#: notebook -> given cell (grade_id) -> a line a student appends to it, to change the data
#: so that the wrong answer of CHEATS passes its check (if the change were kept).
DATA_EDITS = {
    "01_iris_gda_exercises": {
        "ex4-inputs": "log_likelihoods = log_likelihoods[:-1]   # without the typo"},
    "02_height_gender_llr_exercises": {"ex4-data": "prior_h1 = 0.5"},
    "04_cat_fur_categorical_exercises": {
        "ex4-data": "shelter_fur, shelter_sex = fur, sex   # the ten cats: equal priors"},
    "05_c_vs_python_multinomial_exercises": {
        "ex4-data": "X_post = test.X   # without x_long, which needs log-sum-exp"},
    "06_mnist_pca_gaussians_exercises": {
        "data": "X_test, y_test = X_train[:1_000], y_train[:1_000]   # 'test' on training images"},
}

#: notebook -> (answer cell, check): the wrong answer of HALF_DONE in that cell passes that
#: check on the data as DATA_EDITS changes it. The check is not in PASSES, so a gain would show.
CHEATS = {
    "01_iris_gda_exercises": ("ex4-posteriors", "ex4-posteriors-check"),
    "02_height_gender_llr_exercises": ("ex4-naive", "ex4-naive-check"),
    "04_cat_fur_categorical_exercises": ("ex4-posterior", "ex4-posterior-check"),
    "05_c_vs_python_multinomial_exercises": ("ex4-loglik", "ex4-posterior-check"),
    "06_mnist_pca_gaussians_exercises": ("ex4-test-error", "ex4-test-error-check"),
}

#: What a student's edit of a check cell is: a check that cannot fail.
CHECK_EDIT = "pass   # a student's edit: no check"
#: A line appended to every other given code cell, which the grader must remove.
SENTINEL = "EDITED_BY_STUDENT = True"


def _grade_id(cell):
    return cell.metadata.get("nbgrader", {}).get("grade_id")


def _is_check(cell):
    return cell.cell_type == "code" and bool(cell.metadata.get("nbgrader", {}).get("grade"))


def _fill(cell, answer):
    """Write ``answer`` into the answer cell ``cell`` as a student does: in place of the stubs."""
    if cell.cell_type == "markdown":
        assert TEXT_STUB in cell.source, cell.source
        cell.source = cell.source.replace(TEXT_STUB, answer)
        return
    stubs = list(CODE_STUB.finditer(cell.source))
    assert len(stubs) == len(answer), (cell.source, len(answer))
    for stub, code in reversed(list(zip(stubs, answer, strict=True))):
        if code is None:
            continue
        indent = stub[1]
        code = "".join(indent + line if line.strip() else line
                       for line in code.splitlines(keepends=True))
        cell.source = cell.source[:stub.start()] + code + cell.source[stub.end():]


def submission(edition, answers, edit_given_cells=False, data_edits=None):
    """A copy of the student edition ``edition`` with ``answers`` written into their answer
    cells; with ``edit_given_cells``, every given code cell edited as described above."""
    notebook = copy.deepcopy(edition)
    cells = {_grade_id(cell): cell for cell in notebook.cells}
    for grade_id, answer in answers.items():
        _fill(cells[grade_id], answer)
    if edit_given_cells:
        data_edits = data_edits or {}
        for cell in notebook.cells:
            grading = cell.metadata.get("nbgrader", {})
            if cell.cell_type != "code" or grading.get("solution"):
                continue
            if grading.get("grade"):
                cell.source = CHECK_EDIT
            else:
                cell.source += "\n" + data_edits.get(grading["grade_id"], SENTINEL)
    return notebook


def code_as_it_stands(released, stem):
    """The code that the submission of notebook ``stem`` (its HALF_DONE answers, every given
    cell edited) would run up to the check of ``CHEATS[stem]`` if nothing were restored, as
    ``[grade_id, source]`` pairs in order; ``released`` is the student edition.

    The code cells are taken as the submission has them, but the check as given (the
    submission replaced it by ``pass``); the other checks are left out, and so are the given
    cells after the edited data cell (no cheat needs them), and IPython's magics."""
    check_id = CHEATS[stem][1]
    edited = submission(released, HALF_DONE[stem], edit_given_cells=True,
                        data_edits=DATA_EDITS[stem])
    code, data_edited = [], False
    for cell, given in zip(edited.cells, released.cells, strict=True):
        grade_id = _grade_id(cell)
        grading = cell.metadata.get("nbgrader", {})
        if cell.cell_type != "code" or (_is_check(cell) and grade_id != check_id) or (
                data_edited and not grading.get("solution") and grade_id != check_id):
            continue
        data_edited = data_edited or grade_id in DATA_EDITS[stem]
        source = "\n".join(line for line in (given if grade_id == check_id else cell).source
                           .splitlines() if not line.startswith("%"))
        code.append([grade_id, source])
        if grade_id == check_id:
            return code
    raise KeyError(f"{stem} has no check cell {check_id!r}")


def run_without_the_grader(code, check_id):
    """What the check ``check_id`` says when ``code`` (from `code_as_it_stands`) runs in
    this process, in order: its message, or None if the cheat passes. An error in another
    cell stops nothing, as in a notebook."""
    namespace = {}
    for grade_id, source in code:
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                exec(source, namespace)
            except AssertionError as error:   # NotYetRight: the check says no
                if grade_id == check_id:
                    return str(error)
            except Exception:   # a notebook goes on after an error
                pass
    return None


if __name__ == "__main__":
    # Notebook code changes global settings (print options, matplotlib style): the test runs
    # the code in a process of its own. Reads {notebook: code_as_it_stands(...)} as JSON on
    # standard input (the notebooks are read by the test: this process needs no nbformat,
    # whose import takes a second) and prints {notebook: message or null} as JSON.
    import json
    import sys

    print(json.dumps({stem: run_without_the_grader(code, CHEATS[stem][1])
                      for stem, code in json.load(sys.stdin).items()}))
