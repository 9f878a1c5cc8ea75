/* A line's text and its runs of type, and a fragment's runs of ink: the compiled twins
 * of glyphs._python_text_runs and columns._python_ink_runs, which say what they are for. */
#include "speedups.h"

/* text_runs(glyphs, Glyph, unknown) → (text, [(characters, bold, italic, colour)]) */
PyObject *text_runs(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyList_Check(args[0]) || !PyUnicode_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "text_runs(glyphs, Glyph, unknown)");
        return NULL;
    }
    GlyphLayout layout;
    if (!glyph_layout(args[1], &layout))
        return NULL;
    PyObject *glyphs = args[0], *unknown = args[2];
    Py_ssize_t n = PyList_GET_SIZE(glyphs);
    PyObject *texts = PyList_New(0), *runs = PyList_New(0), *out = NULL;
    PyObject *bold = NULL, *italic = NULL, *colour = NULL;  /* the open run's (borrowed) */
    Py_ssize_t count = 0;  /* its characters */
    if (texts == NULL || runs == NULL)
        goto done;
    for (Py_ssize_t k = 0; k <= n; k++) {
        PyObject *g = NULL, *text = NULL;
        if (k < n) {
            g = PyList_GET_ITEM(glyphs, k);
            if (!glyph_ok(&layout, g))
                goto done;
            text = glyph_field(&layout, g, F_TEXT);
            int same = text == unknown ? 1 : PyObject_RichCompareBool(text, unknown, Py_EQ);
            if (same < 0)
                goto done;
            if (same)
                continue;  /* an unresolved glyph: left out */
        }
        /* a run ends where the glyph's type is not the same objects as the run's */
        if (count && (g == NULL || glyph_field(&layout, g, F_BOLD) != bold ||
                      glyph_field(&layout, g, F_ITALIC) != italic ||
                      glyph_field(&layout, g, F_COLOR) != colour)) {
            PyObject *run = Py_BuildValue("(nOOO)", count, bold, italic, colour);
            if (run == NULL || PyList_Append(runs, run) < 0) {
                Py_XDECREF(run);
                goto done;
            }
            Py_DECREF(run);
            count = 0;
        }
        if (g == NULL)
            break;
        if (count == 0) {
            bold = glyph_field(&layout, g, F_BOLD);
            italic = glyph_field(&layout, g, F_ITALIC);
            colour = glyph_field(&layout, g, F_COLOR);
        }
        count += PyUnicode_GET_LENGTH(text);
        if (PyList_Append(texts, text) < 0)
            goto done;
    }
    {
        PyObject *empty = PyUnicode_New(0, 0);
        PyObject *text = empty ? PyUnicode_Join(empty, texts) : NULL;
        Py_XDECREF(empty);
        if (text != NULL)
            out = PyTuple_Pack(2, text, runs);
        Py_XDECREF(text);
    }
done:
    Py_XDECREF(texts);
    Py_XDECREF(runs);
    return out;
}

static int append_run(PyObject *out, double x0, double x1) {
    PyObject *run = Py_BuildValue("(dd)", x0, x1);
    int failed = run == NULL || PyList_Append(out, run) < 0;
    Py_XDECREF(run);
    return failed ? -1 : 0;
}

/* ink_runs(glyphs, Glyph, gap, column, least_em) → [(x0, x1)]: the compiled twin of
 * columns._python_ink_runs, which says what it is for (its settings: gutter_gap,
 * text_column, least_em). One pass: where the ink ends is looked for only at a gap that
 * might part the runs, which few fragments have. */
PyObject *ink_runs(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    GlyphLayout layout;
    if (!loop_args(args, nargs, 5, 1, "ink_runs(glyphs, Glyph, gap, column, least_em)",
                   &layout))
        return NULL;
    double gap = PyFloat_AsDouble(args[2]), column = PyFloat_AsDouble(args[3]);
    double least_em = PyFloat_AsDouble(args[4]);
    if (PyErr_Occurred())
        return NULL;
    PyObject *glyphs = args[0];
    Py_ssize_t n = PyList_GET_SIZE(glyphs);
    PyObject *out = PyList_New(0);
    if (out == NULL || n == 0)
        return out;
    double start = 0, prev_x1 = 0, prev_size = 0, end = 0;
    int open = 0, have_end = 0;
    PyObject *prev = NULL;  /* the last inked glyph so far (borrowed) */
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *g = PyList_GET_ITEM(glyphs, k);
        if (!glyph_ok(&layout, g))
            goto fail;
        if (!has_ink(glyph_field(&layout, g, F_TEXT)))
            continue;
        double x0 = PyFloat_AsDouble(glyph_field(&layout, g, F_X0));
        double x1 = PyFloat_AsDouble(glyph_field(&layout, g, F_X1));
        double size = PyFloat_AsDouble(glyph_field(&layout, g, F_SIZE));
        if (PyErr_Occurred())
            goto fail;
        if (open) {
            double em = size < prev_size ? size : prev_size;
            em = em > least_em ? em : least_em;
            if (x0 - prev_x1 > gap * em && prev_x1 - start >= column * em) {
                if (!have_end) {  /* where the last inked glyph ends */
                    for (Py_ssize_t j = n - 1; j >= k; j--) {
                        PyObject *h = PyList_GET_ITEM(glyphs, j);
                        if (!glyph_ok(&layout, h))
                            goto fail;
                        if (has_ink(glyph_field(&layout, h, F_TEXT))) {
                            end = PyFloat_AsDouble(glyph_field(&layout, h, F_X1));
                            break;
                        }
                    }
                    if (PyErr_Occurred())
                        goto fail;
                    have_end = 1;
                }
                if (end - x0 >= column * em &&
                    (all_alnum(glyph_field(&layout, prev, F_TEXT)) ||
                     all_alnum(glyph_field(&layout, g, F_TEXT)))) {
                    if (append_run(out, start, prev_x1) < 0)
                        goto fail;
                    start = x0;
                }
            }
        } else {
            start = x0;
            open = 1;
        }
        prev_x1 = x1;
        prev_size = size;
        prev = g;
    }
    if (!open) {  /* no ink: one run of the glyphs, as they are */
        for (Py_ssize_t k = 0; k < n; k++) {
            PyObject *g = PyList_GET_ITEM(glyphs, k);
            double x0 = PyFloat_AsDouble(glyph_field(&layout, g, F_X0));
            if (k == 0)
                start = x0;
            prev_x1 = PyFloat_AsDouble(glyph_field(&layout, g, F_X1));
        }
        if (PyErr_Occurred())
            goto fail;
    }
    if (append_run(out, start, prev_x1) < 0)
        goto fail;
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}
