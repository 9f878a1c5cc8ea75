/* A line's text and its runs of type: the compiled twin of glyphs._python_text_runs,
 * which says what it is for. */
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
