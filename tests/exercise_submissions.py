"""Submissions for the grading round trip (tests/test_exercise_grading.py), made from the
committed student edition the way a student would make them.

- `HALF_DONE`: about half the exercises of each notebook done, each where the instructions
  say, in its answer cell: code replaces the `YOUR CODE HERE` stub, written answers replace
  `YOUR ANSWER HERE`. Some code answers are right (written another valid way than the worked
  solution: pandas, scipy, a loop, float32), some are wrong, as a student's are. `PASSES`
  lists the checks that must give full points; every other check must give zero, and
  every written answer must wait for a person (``needs_manual_grade``).
- `EDITS`: the blank student edition with every given code cell edited. A check cell is
  replaced by ``pass``; a data cell is changed so that a wrong answer, in `CHEATS`, passes
  its check on the changed data (with ``X_post = test.X`` the long file that needs
  log-sum-exp is gone, and a posterior without it passes). autograde restores every locked
  cell, so the submission must score what the blank edition scores: zero.
"""

import copy
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
        "ex4-posteriors": ["""\
joint = log_likelihoods + np.log(field_priors)
posteriors = np.exp(joint - logsumexp(joint, axis=1, keepdims=True))
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
        "ex3-derivation": r"""$\log p(\pi \mid D) = \sum_j (N_j + \alpha) \log \pi_j + c$. With
$L = \sum_j (N_j + \alpha) \log \pi_j - \lambda(\sum_j \pi_j - 1)$:
$\pi_j = (N_j + \alpha) / \lambda$ and $\lambda = N_k + m\alpha$. Every weight is positive, so
the maximum is inside the simplex; $\alpha = 0$ gives back maximum likelihood.""",
        "ex4-posterior": ["""\
counts = np.array([[np.sum((shelter_sex == k) & (shelter_fur == c)) for c in FUR_COLOURS]
                   for k in ("female", "male")])
pi = (counts + 1) / (counts.sum(axis=1, keepdims=True) + len(FUR_COLOURS))
prior = counts.sum(axis=1) / counts.sum()
joint = pi * prior[:, None]
p_female = joint[0] / joint.sum(axis=0)
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
        "ex3-derivation": r"""The variance of $z_n = u^T(x_n - \bar x)$ is
$u^T \Sigma_{\text{all}} u$. With $L = u^T \Sigma_{\text{all}} u - \ell (u^T u - 1)$,
$\nabla_u L = 0$ gives $\Sigma_{\text{all}} u = \ell u$, and the variance along $u$ is $\ell$:
the largest eigenvalue wins.""",
    },
}

#: notebook -> the checks (grade_id) that HALF_DONE must pass; every other check scores zero.
PASSES = {
    "01_iris_gda_exercises": {"ex2-means-check", "ex4-posteriors-check"},
    "02_height_gender_llr_exercises": {"ex1-llr-check"},
    "03_lda_vs_logistic_regression_exercises": {"ex2-gradient-check", "ex3-weights-check"},
    "04_cat_fur_categorical_exercises": {"ex1-ml-estimates-check", "ex4-posterior-check"},
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

#: notebook -> answer cell -> a wrong answer that passes on the edited data of DATA_EDITS.
CHEATS = {
    "01_iris_gda_exercises": {"ex4-posteriors": ["""\
joint = np.exp(log_likelihoods) * field_priors           # no log-sum-exp
posteriors = joint / joint.sum(axis=1, keepdims=True)
"""]},
    "02_height_gender_llr_exercises": {"ex4-naive": HALF_DONE["02_height_gender_llr_exercises"][
        "ex4-naive"]},
    "04_cat_fur_categorical_exercises": {"ex4-posterior": ["""\
counts = np.array([[np.sum((shelter_sex == k) & (shelter_fur == c)) for c in FUR_COLOURS]
                   for k in ("female", "male")])
pi = (counts + 1) / (counts.sum(axis=1, keepdims=True) + len(FUR_COLOURS))
p_female = pi[0] / pi.sum(axis=0)                        # no priors
"""]},
    "05_c_vs_python_multinomial_exercises": {"ex4-loglik": [None, """\
counts = np.vstack([train.X[train.y == "C"].sum(axis=0), train.X[train.y == "Python"].sum(axis=0)])
theta = counts / counts.sum(axis=1)[:, None]
joint = np.prod(theta[None] ** X_post[:, None], axis=2) * priors   # no log-sum-exp
log_post = np.log(joint / joint.sum(axis=1, keepdims=True))
"""]},
    "06_mnist_pca_gaussians_exercises": {"ex4-test-error": ["""\
pca_40 = PCA(n_components=40).fit(X_train)
full_40 = GaussianClassifier(covariance="full", priors=UNIFORM).fit(pca_40.transform(X_train),
                                                                   y_train)
seen = slice(0, 1_000)                                   # training images: not the test error
test_error = error_rate(y_train[seen], full_40.predict(pca_40.transform(X_train[seen])))
"""]},
}

#: What a student's edit of a check cell is: a check that cannot fail.
CHECK_EDIT = "pass   # a student's edit: no check"
#: A line appended to every other given code cell, which the grader must remove.
SENTINEL = "EDITED_BY_STUDENT = True"


def _grade_id(cell):
    return cell.metadata.get("nbgrader", {}).get("grade_id")


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
