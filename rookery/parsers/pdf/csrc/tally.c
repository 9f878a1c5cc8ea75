/* Counting over glyphs: the compiled twins of typography._python_tally (what a line's
 * letters vote for its style), typography._python_counts (how often each value of a
 * field is drawn) and glyphs._python_texts (the lines' texts), step for step. */
#include "speedups.h"

/* str.isalpha() of a glyph's text: every character a letter, and one at least */
static int all_alpha(PyObject *text) {
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    for (Py_ssize_t k = 0; k < n; k++) {
        Py_UCS4 c = PyUnicode_READ_CHAR(text, k);
        if (c < 128 ? !Py_ISALPHA(c) : !Py_UNICODE_ISALPHA(c))
            return 0;
    }
    return n > 0;
}

/* The same by a dict, for values of many kinds: a line's values are mostly one or two,
 * told apart by comparing (most_common), but a line of a thousand sizes would take a
 * million comparisons. */
static PyObject *most_common_by_dict(const GlyphLayout *layout, PyObject **glyphs,
                                     Py_ssize_t n, int field) {
    PyObject *seen = PyDict_New(), *best = NULL, *key, *value;
    if (seen == NULL)
        return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        if (add_count(seen, glyph_field(layout, glyphs[k], field), 1) < 0)
            goto done;
    }
    Py_ssize_t pos = 0, most = 0;
    while (PyDict_Next(seen, &pos, &key, &value))
        if (PyLong_AsSsize_t(value) > most) {
            most = PyLong_AsSsize_t(value);
            best = key;  /* a glyph's own value, first seen: the glyph keeps it alive */
        }
done:
    Py_DECREF(seen);
    return best;
}

#define FEW_VALUES 8

/* Counter(field of each glyph).most_common(1)'s value (borrowed): the value drawn most,
 * the first seen among equals. Values are told apart as a dict tells keys apart. */
static PyObject *most_common(const GlyphLayout *layout, PyObject **glyphs, Py_ssize_t n,
                             int field) {
    PyObject *values[FEW_VALUES];
    Py_ssize_t counts[FEW_VALUES], distinct = 0, top = -1;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *value = glyph_field(layout, glyphs[k], field);
        Py_ssize_t at = 0;
        for (; at < distinct; at++) {
            int same = PyObject_RichCompareBool(values[at], value, Py_EQ);
            if (same < 0)
                return NULL;
            if (same)
                break;
        }
        if (at == distinct) {
            if (distinct == FEW_VALUES)
                return most_common_by_dict(layout, glyphs, n, field);
            values[distinct] = value;
            counts[distinct++] = 0;
        }
        counts[at]++;
    }
    for (Py_ssize_t at = 0; at < distinct; at++)
        if (top < 0 || counts[at] > counts[top])
            top = at;
    return values[top];
}

/* Are the glyphs all of the first one's size, and that above 0 (typography._one_size)?
 * 1, 0, or -1 on an error. */
static int one_size(const GlyphLayout *layout, PyObject *letters) {
    Py_ssize_t n = PyList_GET_SIZE(letters);
    if (n == 0)
        return 0;
    PyObject *size = glyph_field(layout, PyList_GET_ITEM(letters, 0), F_SIZE);
    PyObject *zero = PyLong_FromLong(0);
    if (zero == NULL)
        return -1;
    int above = PyObject_RichCompareBool(size, zero, Py_GT);
    Py_DECREF(zero);
    if (above <= 0)
        return above;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *other = glyph_field(layout, PyList_GET_ITEM(letters, k), F_SIZE);
        if (PyFloat_CheckExact(other) && PyFloat_CheckExact(size)) {
            if (PyFloat_AS_DOUBLE(other) != PyFloat_AS_DOUBLE(size))  /* float's own == */
                return 0;
            continue;
        }
        /* ==, not identity: a size that is not equal to itself (nan) is another size */
        PyObject *equal = PyObject_RichCompare(other, size, Py_EQ);
        if (equal == NULL)
            return -1;
        int same = PyObject_IsTrue(equal);
        Py_DECREF(equal);
        if (same <= 0)
            return same;
    }
    return 1;
}

/* all(field of each glyph whose family is `family`): 1, 0, or -1 on an error */
static int all_of_family(const GlyphLayout *layout, PyObject **ink, Py_ssize_t n,
                         PyObject *family, int field) {
    for (Py_ssize_t k = 0; k < n; k++) {
        int own = PyObject_RichCompareBool(glyph_field(layout, ink[k], F_FAMILY), family, Py_EQ);
        if (own < 0)
            return -1;
        if (!own)
            continue;
        int yes = PyObject_IsTrue(glyph_field(layout, ink[k], field));
        if (yes <= 0)
            return yes;
    }
    return 1;
}

/* tally(glyphs, Glyph) → None | (letters, one_size, size, family, colour, bold, italic) */
PyObject *tally(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    GlyphLayout layout;
    if (!loop_args(args, nargs, 2, 1, "tally(glyphs, Glyph)", &layout))
        return NULL;
    PyObject *glyphs = args[0], *out = NULL, *alpha = NULL;
    Py_ssize_t n = PyList_GET_SIZE(glyphs), inked = 0, lettered = 0;
    PyObject **ink = PyMem_Malloc(sizeof(PyObject *) * (size_t)(n ? n : 1));
    PyObject **letters = PyMem_Malloc(sizeof(PyObject *) * (size_t)(n ? n : 1));
    if (ink == NULL || letters == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    /* the ink: letters and digits, or failing any, every glyph that is not a space */
    for (int pass = 0; pass < 2 && inked == 0; pass++)
        for (Py_ssize_t k = 0; k < n; k++) {
            PyObject *g = PyList_GET_ITEM(glyphs, k);
            if (!glyph_ok(&layout, g))
                goto done;
            PyObject *text = glyph_field(&layout, g, F_TEXT);
            if (pass == 0 ? all_alnum(text) : has_ink(text))
                ink[inked++] = g;
        }
    if (inked == 0) {
        out = Py_NewRef(Py_None);
        goto done;
    }
    if ((alpha = PyList_New(0)) == NULL)
        goto done;
    for (Py_ssize_t k = 0; k < inked; k++)
        if (all_alpha(glyph_field(&layout, ink[k], F_TEXT))) {
            letters[lettered++] = ink[k];
            if (PyList_Append(alpha, ink[k]) < 0)
                goto done;
        }
    int one = one_size(&layout, alpha);
    if (one < 0)
        goto done;
    PyObject *size = lettered ? most_common(&layout, letters, lettered, F_SIZE)
                              : most_common(&layout, ink, inked, F_SIZE);
    PyObject *family = size ? most_common(&layout, ink, inked, F_FAMILY) : NULL;
    PyObject *colour = family ? most_common(&layout, ink, inked, F_COLOR) : NULL;
    if (colour == NULL)
        goto done;
    int bold = all_of_family(&layout, ink, inked, family, F_BOLD);
    int italic = bold < 0 ? -1 : all_of_family(&layout, ink, inked, family, F_ITALIC);
    if (italic < 0)
        goto done;
    out = Py_BuildValue("(OOOOOOO)", alpha, one ? Py_True : Py_False, size, family, colour,
                        bold ? Py_True : Py_False, italic ? Py_True : Py_False);
done:
    PyMem_Free(ink);
    PyMem_Free(letters);
    Py_XDECREF(alpha);
    return out;
}

/* counts(lines, Glyph, field_name, alnum_only) → {value: glyphs}, in the order first
 * seen */
PyObject *counts(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    GlyphLayout layout;
    if (!loop_args(args, nargs, 4, 1, "counts(lines, Glyph, field_name, alnum_only)", &layout))
        return NULL;
    int field = glyph_field_named(args[2]);
    int alnum_only = field < 0 ? -1 : PyObject_IsTrue(args[3]);
    if (alnum_only < 0)
        return NULL;
    PyObject *seen = PyDict_New();  /* value → its count, as a Python int */
    PyObject *run = NULL;  /* the value of the glyphs just counted, */
    Py_ssize_t counted = 0;  /* ... and how many of them: added to `seen` when it ends */
    if (seen == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i <= PyList_GET_SIZE(args[0]); i++) {
        PyObject *line = i < PyList_GET_SIZE(args[0]) ? PyList_GET_ITEM(args[0], i) : NULL;
        if (line != NULL && !PyList_Check(line)) {
            PyErr_SetString(PyExc_TypeError, "counts: each line must be a list of glyphs");
            goto fail;
        }
        Py_ssize_t m = line ? PyList_GET_SIZE(line) : 1;
        for (Py_ssize_t k = 0; k < m; k++) {
            PyObject *value = NULL;  /* NULL: the end */
            if (line != NULL) {
                PyObject *g = PyList_GET_ITEM(line, k), *text = NULL;
                if (alnum_only && (text = glyph_get(&layout, g, F_TEXT)) == NULL)
                    goto fail;
                if (alnum_only && !all_alnum(text))
                    continue;
                if ((value = glyph_get(&layout, g, field)) == NULL)
                    goto fail;
                /* neighbours mostly share their type: a run of equal values is counted
                 * here and added to the dict once, under the key a dict finds for it */
                if (run != NULL) {
                    int same = PyObject_RichCompareBool(run, value, Py_EQ);
                    if (same < 0)
                        goto fail;
                    if (same) {
                        counted++;
                        continue;
                    }
                }
            }
            if (run != NULL && add_count(seen, run, counted) < 0)
                goto fail;
            /* (a value first seen is added when its run ends, before any value seen
             * after it: the dict keeps the order first seen) */
            Py_XSETREF(run, Py_XNewRef(value));
            counted = 1;
        }
    }
    return seen;
fail:
    Py_XDECREF(run);
    Py_DECREF(seen);
    return NULL;
}

/* texts(lines, Glyph) → ["".join(g.text for g in line) for line in lines] */
PyObject *texts(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    GlyphLayout layout;
    if (!loop_args(args, nargs, 2, 1, "texts(lines, Glyph)", &layout))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(args[0]);
    PyObject *out = PyList_New(n);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *line = PyList_GET_ITEM(args[0], i);
        if (!PyList_Check(line)) {
            PyErr_SetString(PyExc_TypeError, "texts: each line must be a list of glyphs");
            goto fail;
        }
        /* the joined text's length and widest character, then its characters */
        Py_ssize_t m = PyList_GET_SIZE(line), length = 0;
        Py_UCS4 widest = 0;
        for (Py_ssize_t k = 0; k < m; k++) {
            PyObject *text = glyph_get(&layout, PyList_GET_ITEM(line, k), F_TEXT);
            if (text == NULL)
                goto fail;
            length += PyUnicode_GET_LENGTH(text);
            if (PyUnicode_MAX_CHAR_VALUE(text) > widest)
                widest = PyUnicode_MAX_CHAR_VALUE(text);
        }
        PyObject *joined = PyUnicode_New(length, widest);
        if (joined == NULL)
            goto fail;
        int kind = PyUnicode_KIND(joined);
        void *data = PyUnicode_DATA(joined);
        Py_ssize_t at = 0;
        for (Py_ssize_t k = 0; k < m; k++) {
            PyObject *text = glyph_field(&layout, PyList_GET_ITEM(line, k), F_TEXT);
            int from_kind = PyUnicode_KIND(text);
            const void *from = PyUnicode_DATA(text);
            for (Py_ssize_t c = 0; c < PyUnicode_GET_LENGTH(text); c++)
                PyUnicode_WRITE(kind, data, at++, PyUnicode_READ(from_kind, from, c));
        }
        PyList_SET_ITEM(out, i, joined);
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}
