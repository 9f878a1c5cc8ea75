/* rookery.parsers.pdf._speedups: the PDF reader's per-glyph loops, compiled. Each is the
 * twin of a Python function that stays the reference and the fallback where this module
 * was not built (no C compiler at install); the tests hold each pair to equal output.
 *
 *   glyphs(...)     pdfium._python_glyphs: a page's glyphs from PDFium (chars.c)
 *   fragments(...)  glyphs._python_fragments: a page's glyphs into fragments (fragments.c)
 *   usual_widths(...), other_forms(...)  typography's twins: letters' advances (letters.c)
 *   text_runs(...)  glyphs._python_text_runs: a line's text and runs of type (lines.c)
 *   tally(...), counts(...), texts(...)  counting over glyphs (tally.c)
 */
#include "speedups.h"
#include <structmember.h>
#include <math.h>
#include <string.h>

static const char *FIELD_NAMES[N_FIELDS] = {
    "text", "x0", "x1", "top", "bottom", "size", "family", "bold", "italic", "color", "cid",
    "space_after", "base",
};

/* The layout last found, and the version of its type then: a type changed since (a slot
 * added or taken away) loses its version, and is looked at again. */
static GlyphLayout known;
static unsigned int known_version;

/* The version a type has now, or 0 while it has none. */
static unsigned int version_of(PyTypeObject *type) {
    return PyType_HasFeature(type, Py_TPFLAGS_VALID_VERSION_TAG) ? type->tp_version_tag : 0;
}

int glyph_layout(PyObject *glyph_type, GlyphLayout *layout) {
    if (!PyType_Check(glyph_type))
        goto wrong;
    PyTypeObject *type = (PyTypeObject *)glyph_type;
    unsigned int version = version_of(type);  /* (before the lookups, which could change it) */
    if (type == known.type && version != 0 && version == known_version) {
        *layout = known;  /* (a line's loops are called once a line: this saves the lookups) */
        return 1;
    }
    for (int k = 0; k < N_FIELDS; k++) {
        PyObject *slot = PyObject_GetAttrString(glyph_type, FIELD_NAMES[k]);
        if (slot == NULL)
            goto wrong;
        int ok = Py_IS_TYPE(slot, &PyMemberDescr_Type) &&
                 ((PyMemberDescrObject *)slot)->d_member->type == T_OBJECT_EX;
        if (ok)
            layout->offsets[k] = ((PyMemberDescrObject *)slot)->d_member->offset;
        Py_DECREF(slot);
        if (!ok)
            goto wrong;
    }
    PyObject *fields = PyObject_GetAttrString(glyph_type, "__slots__");
    if (fields == NULL)
        goto wrong;
    Py_ssize_t n = PySequence_Size(fields);
    Py_DECREF(fields);
    if (n != N_FIELDS)
        goto wrong;
    PyObject *post = PyObject_GetAttrString(glyph_type, "__post_init__");
    if (post != NULL) {
        Py_DECREF(post);
        goto wrong;
    }
    PyErr_Clear();
    layout->type = type;
    if (version != 0 && version_of(type) == version) {  /* unchanged while looked at */
        Py_INCREF(type);  /* kept, so that no other type is ever found at its address */
        Py_XDECREF(known.type);
        known = *layout;
        known_version = version;
    }
    return 1;
wrong:
    PyErr_Clear();
    PyErr_SetString(PyExc_TypeError, "the glyph class is not glyphs.Glyph as this module "
                    "knows it; rebuild rookery's compiled parts");
    return 0;
}

int glyph_field_named(PyObject *name) {
    for (int k = 0; PyUnicode_Check(name) && k < N_FIELDS; k++)
        if (PyUnicode_CompareWithASCIIString(name, FIELD_NAMES[k]) == 0)
            return k;
    PyErr_Format(PyExc_ValueError, "a Glyph has no field %R", name);
    return -1;
}

int loop_args(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want, int glyph_at,
              const char *usage, GlyphLayout *layout) {
    if (nargs != want || !PyList_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, usage);
        return 0;
    }
    return glyph_layout(args[glyph_at], layout);
}

int add_count(PyObject *counts, PyObject *key, Py_ssize_t n) {
    PyObject *before = PyDict_GetItemWithError(counts, key);
    if (before == NULL && PyErr_Occurred())
        return -1;
    PyObject *now = PyLong_FromSsize_t((before ? PyLong_AsSsize_t(before) : 0) + n);
    int failed = now == NULL || PyDict_SetItem(counts, key, now) < 0;
    Py_XDECREF(now);
    return failed ? -1 : 0;
}

/* str.isalnum() of a glyph's text: every character a letter or digit, and one at least */
int all_alnum(PyObject *text) {
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    for (Py_ssize_t k = 0; k < n; k++) {
        Py_UCS4 c = PyUnicode_READ_CHAR(text, k);
        if (c < 128 ? !Py_ISALNUM(c) : !Py_UNICODE_ISALNUM(c))  /* ASCII: a table */
            return 0;
    }
    return n > 0;
}

/* bool(text.strip()) */
int has_ink(PyObject *text) {
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    for (Py_ssize_t k = 0; k < n; k++)
        if (!Py_UNICODE_ISSPACE(PyUnicode_READ_CHAR(text, k)))
            return 1;
    return 0;
}

int cmp_double(const void *pa, const void *pb) {
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

static void swap_items(char *a, char *b, size_t size) {
    char held[32];
    memcpy(held, a, size);
    memcpy(a, b, size);
    memcpy(b, held, size);
}

/* The middle one of three items by `cmp`. */
static const char *middle_of(const char *a, const char *b, const char *c,
                             int (*cmp)(const void *, const void *)) {
    if (cmp(a, b) < 0)
        return cmp(b, c) < 0 ? b : cmp(a, c) < 0 ? c : a;
    return cmp(a, c) < 0 ? a : cmp(b, c) < 0 ? c : b;
}

void select_nth(void *items, size_t n, size_t size, size_t k,
                int (*cmp)(const void *, const void *)) {
    char *base = items, pivot[32];
    size_t lo = 0, hi = n;  /* the item for k lies in [lo, hi) */
    /* partitions before the range goes to qsort: an input made to defeat the pivot's
     * choice costs a sort, not a quadratic search */
    int rounds = 8;
    for (size_t m = n; m > 1; m >>= 1)
        rounds += 2;
    while (hi - lo > 1) {
        if (rounds-- == 0) {
            qsort(base + lo * size, hi - lo, size, cmp);
            return;
        }
        memcpy(pivot, middle_of(base + lo * size, base + (lo + (hi - lo) / 2) * size,
                                base + (hi - 1) * size, cmp), size);
        /* three parts: [lo, below) before the pivot, [below, above) equal to it, then
         * those after it */
        size_t below = lo, i = lo, above = hi;
        while (i < above) {
            int c = cmp(base + i * size, pivot);
            if (c < 0)
                swap_items(base + i++ * size, base + below++ * size, size);
            else if (c > 0)
                swap_items(base + i * size, base + --above * size, size);
            else
                i++;
        }
        if (k < below)
            hi = below;
        else if (k >= above)
            lo = above;
        else
            return;  /* (equal items: any of them is the one) */
    }
}

PyObject *new_glyph(const GlyphLayout *layout, PyObject *const *fields) {
    PyObject *glyph = layout->type->tp_alloc(layout->type, 0);
    if (glyph == NULL)
        return NULL;
    for (int k = 0; k < N_FIELDS; k++)
        *(PyObject **)((char *)glyph + layout->offsets[k]) = Py_NewRef(fields[k]);
    return glyph;
}

PyObject *glyph_get(const GlyphLayout *layout, PyObject *g, int field) {
    if (!Py_IS_TYPE(g, layout->type)) {
        PyErr_SetString(PyExc_TypeError, "expected a Glyph");
        return NULL;
    }
    PyObject *value = glyph_field(layout, g, field);
    if (value == NULL)
        PyErr_Format(PyExc_AttributeError, "a Glyph without its %s", FIELD_NAMES[field]);
    else if (field == F_TEXT && !PyUnicode_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a Glyph's text must be a str");
        return NULL;
    }
    return value;
}

int glyph_ok(const GlyphLayout *layout, PyObject *g) {
    if (!Py_IS_TYPE(g, layout->type)) {
        PyErr_SetString(PyExc_TypeError, "expected a Glyph");
        return 0;
    }
    for (int k = 0; k < N_FIELDS; k++)
        if (glyph_field(layout, g, k) == NULL) {
            PyErr_Format(PyExc_AttributeError, "a Glyph without its %s", FIELD_NAMES[k]);
            return 0;
        }
    if (!PyUnicode_Check(glyph_field(layout, g, F_TEXT))) {
        PyErr_SetString(PyExc_TypeError, "a Glyph's text must be a str");
        return 0;
    }
    return 1;
}

typedef struct { double value; Py_ssize_t at; } Ranked;

static int by_value(const void *pa, const void *pb) {  /* value, then place: stable */
    const Ranked *a = pa, *b = pb;
    if (a->value != b->value)
        return a->value < b->value ? -1 : 1;
    return (a->at > b->at) - (a->at < b->at);
}

/* A Fragment of `glyphs` (a list, stolen), its fields worked out as Fragment.refresh
 * works them out; made without running its __init__, which would work them out again. */
PyObject *new_fragment(PyObject *fragment_type, PyObject *page, PyObject *glyphs,
                       const GlyphLayout *layout) {
    static PyObject *names[9], *empty, *nothing;
    static int ready;  /* the objects above made, every one */
    static const char *NAMES[9] = {"page", "glyphs", "x0", "x1", "top", "bottom", "size",
                                   "text", "base"};
    if (!ready) {
        for (int k = 0; k < 9; k++)
            if (names[k] == NULL && (names[k] = PyUnicode_InternFromString(NAMES[k])) == NULL)
                goto fail;
        if ((empty == NULL && (empty = PyTuple_New(0)) == NULL) ||
            (nothing == NULL && (nothing = PyUnicode_FromString("")) == NULL))
            goto fail;
        ready = 1;
    }
    Py_ssize_t n = PyList_GET_SIZE(glyphs);
    PyObject *ends[4] = {NULL, NULL, NULL, NULL};  /* x0, x1, top, bottom */
    double at[4] = {0, 0, 0, 0};
    static const int FIELD[4] = {F_X0, F_X1, F_TOP, F_BOTTOM};
    /* the sizes of the inked glyphs, each once in the order first seen, with counts */
    PyObject *sizes[16];
    Py_ssize_t counts[16], distinct = 0, inked = 0, overflow = 0;
    PyObject *size = NULL, *text = NULL, *joined = NULL, *fragment = NULL, *base = NULL;
    Ranked *bases = PyMem_Malloc(sizeof(Ranked) * (size_t)(n > 0 ? n : 1));
    if (bases == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *g = PyList_GET_ITEM(glyphs, i);
        for (int e = 0; e < 4; e++) {
            PyObject *v = glyph_field(layout, g, FIELD[e]);
            double d = PyFloat_AsDouble(v);
            if (ends[e] == NULL || (e % 2 == 0 ? d < at[e] : d > at[e]))
                ends[e] = v, at[e] = d;
        }
        PyObject *b = glyph_field(layout, g, F_BASE);
        bases[i].value = PyFloat_AsDouble(b == Py_None ? glyph_field(layout, g, F_BOTTOM) : b);
        bases[i].at = i;
        PyObject *t = glyph_field(layout, g, F_TEXT);
        int ink = 0;
        for (Py_ssize_t c = 0; c < PyUnicode_GET_LENGTH(t) && !ink; c++)
            ink = !Py_UNICODE_ISSPACE(PyUnicode_READ_CHAR(t, c));
        if (!ink)
            continue;
        inked++;
        PyObject *s = glyph_field(layout, g, F_SIZE);
        double d = PyFloat_AsDouble(s);
        Py_ssize_t k = 0;
        while (k < distinct && PyFloat_AsDouble(sizes[k]) != d)
            k++;
        if (k == distinct) {
            if (distinct == 16) {  /* more sizes than kept here: let Fragment count them */
                overflow = 1;
                break;
            }
            sizes[distinct] = s, counts[distinct++] = 0;
        }
        counts[k]++;
    }
    if (PyErr_Occurred())
        goto done;
    if (overflow) {
        fragment = PyObject_CallFunctionObjArgs(fragment_type, page, glyphs, NULL);
        goto done;
    }
    if (inked == 0) {
        size = glyph_field(layout, PyList_GET_ITEM(glyphs, 0), F_SIZE);
    } else {  /* the commonest, the first seen of those as common */
        Py_ssize_t best = 0;
        for (Py_ssize_t k = 1; k < distinct; k++)
            if (counts[k] > counts[best])
                best = k;
        size = sizes[best];
    }
    /* the median glyph's own baseline object, as sorting the objects would give it */
    int nan = 0;
    for (Py_ssize_t i = 0; i < n && !nan; i++)
        nan = isnan(bases[i].value);
    if (nan)  /* (no whole order: as the sort leaves them) */
        qsort(bases, (size_t)n, sizeof(Ranked), by_value);
    else
        select_nth(bases, (size_t)n, sizeof(Ranked), (size_t)(n / 2), by_value);
    {
        PyObject *g = PyList_GET_ITEM(glyphs, bases[n / 2].at);
        PyObject *b = glyph_field(layout, g, F_BASE);
        base = Py_NewRef(b == Py_None ? glyph_field(layout, g, F_BOTTOM) : b);
    }
    PyObject *texts = PyList_New(n);
    if (texts == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++)
        PyList_SET_ITEM(texts, i,
                        Py_NewRef(glyph_field(layout, PyList_GET_ITEM(glyphs, i), F_TEXT)));
    joined = PyUnicode_Join(nothing, texts);
    Py_DECREF(texts);
    if (joined == NULL || (text = PyObject_CallMethod(joined, "strip", NULL)) == NULL)
        goto done;
    fragment = ((PyTypeObject *)fragment_type)->tp_new((PyTypeObject *)fragment_type, empty,
                                                       NULL);
    if (fragment == NULL)
        goto done;
    PyObject *values[9] = {page, glyphs, ends[0], ends[1], ends[2], ends[3], size, text, base};
    for (int k = 0; k < 9; k++)
        if (PyObject_SetAttr(fragment, names[k], values[k]) < 0) {
            Py_CLEAR(fragment);
            break;
        }
done:
    PyMem_Free(bases);
    Py_XDECREF(base);
    Py_XDECREF(joined);
    Py_XDECREF(text);
    Py_DECREF(glyphs);
    return fragment;
fail:
    Py_DECREF(glyphs);
    return NULL;
}

static PyMethodDef methods[] = {
    {"glyphs", (PyCFunction)(void (*)(void))read_glyphs, METH_FASTCALL,
     "glyphs(calls, textpage, height, Glyph, unknown, styles, make_style, make_cid, "
     "origin_noise): "
     "a page's glyphs from a PDFium text page, as pdfium._python_glyphs reads them."},
    {"fragments", (PyCFunction)(void (*)(void))make_fragments, METH_FASTCALL,
     "fragments(glyphs, page, Glyph, Fragment, constants): a page's glyphs grouped into "
     "fragments, as glyphs._python_fragments groups them."},
    {"usual_widths", (PyCFunction)(void (*)(void))usual_widths, METH_FASTCALL,
     "usual_widths(lines, Glyph, round, places, least): as "
     "typography._python_usual_widths."},
    {"other_forms", (PyCFunction)(void (*)(void))other_forms, METH_FASTCALL,
     "other_forms(lines, usual, Glyph, variant, least, share, carried_least, "
     "carried_share, scaled, scaled_share, scaled_letters): as "
     "typography._python_other_forms."},
    {"text_runs", (PyCFunction)(void (*)(void))text_runs, METH_FASTCALL,
     "text_runs(glyphs, Glyph, unknown): as glyphs._python_text_runs."},
    {"tally", (PyCFunction)(void (*)(void))tally, METH_FASTCALL,
     "tally(glyphs, Glyph): as typography._python_tally."},
    {"counts", (PyCFunction)(void (*)(void))counts, METH_FASTCALL,
     "counts(lines, Glyph, field_name, alnum_only): as typography._python_counts."},
    {"texts", (PyCFunction)(void (*)(void))texts, METH_FASTCALL,
     "texts(lines, Glyph): as glyphs._python_texts."},
    {"ink_runs", (PyCFunction)(void (*)(void))ink_runs, METH_FASTCALL,
     "ink_runs(glyphs, Glyph, gap, column, least_em): as columns._python_ink_runs."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "_speedups",
    .m_doc = "The PDF reader's per-glyph loops, compiled (see speedups.py).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__speedups(void) { return PyModule_Create(&module); }
