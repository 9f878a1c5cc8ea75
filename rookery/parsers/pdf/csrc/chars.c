/* A page's glyphs read from PDFium in one call: the compiled twin of the per-character
 * loop in pdfium.py (_python_glyphs), which stays the reference and the fallback where
 * this module was not built. It asks PDFium the same questions in the same order and
 * makes the same Glyph objects; the tests hold the two to equal output.
 *
 * PDFium is not linked: Python hands over the addresses of the functions pypdfium2 has
 * already loaded (pdfium._fast_calls), so this module needs no PDFium headers or library.
 */
#include "speedups.h"
#include <string.h>

/* character codes, as glyphs.py and pdfium.py name them (NO_TEXT_*: pdfium._NO_TEXT,
 * *_SURROGATE: pdfium.SURROGATES) */
enum {
    TAB = 0x09, LINE_FEED = 0x0A, CARRIAGE_RETURN = 0x0D, SPACE = 0x20, DELETE = 0x7F,
    LAST_C1 = 0x9F, SOFT_HYPHEN = 0xAD, FIRST_SURROGATE = 0xD800, LAST_SURROGATE = 0xDFFF,
    ICON = 0xE000, HYPHEN_MARK = 0xFFFE, NO_TEXT_FIRST = 0xFFFD, NO_TEXT_LAST = 0xFFFF,
};

typedef struct { float a, b, c, d, e, f; } Matrix;  /* PDFium's FS_MATRIX */
typedef struct { float left, top, right, bottom; } RectF;  /* PDFium's FS_RECTF */

typedef int (*count_chars_f)(void *);
typedef unsigned (*get_unicode_f)(void *, int);
typedef int (*get_text_f)(void *, int, int, unsigned short *);
typedef int (*flag_f)(void *, int);
typedef void *(*get_object_f)(void *, int);
typedef int (*get_box_f)(void *, int, RectF *);
typedef int (*get_origin_f)(void *, int, double *, double *);
typedef int (*get_matrix_f)(void *, int, Matrix *);
typedef double (*get_size_f)(void *, int);
typedef void *(*get_font_f)(void *);
typedef int (*get_fill_f)(void *, unsigned *, unsigned *, unsigned *, unsigned *);
typedef int (*get_mode_f)(void *);

/* PDFium's functions, in the order pdfium._FAST_CALLS names them */
typedef struct {
    count_chars_f count_chars;
    get_unicode_f get_unicode;
    get_text_f get_text;
    flag_f generated;
    flag_f is_hyphen;
    get_object_f get_object;
    get_box_f get_box;
    get_origin_f get_origin;
    get_matrix_f get_matrix;
    get_size_f get_size;
    get_font_f get_font;
    get_fill_f get_fill;
    get_mode_f get_mode;
} Calls;

#define N_CALLS 13
static int read_calls(PyObject *addresses, Calls *calls) {
    if (!PyTuple_Check(addresses) || PyTuple_GET_SIZE(addresses) != N_CALLS) {
        PyErr_SetString(PyExc_TypeError, "expected a tuple of PDFium function addresses");
        return -1;
    }
    void **slots = (void **)calls;
    for (Py_ssize_t k = 0; k < N_CALLS; k++) {
        slots[k] = PyLong_AsVoidPtr(PyTuple_GET_ITEM(addresses, k));
        if (slots[k] == NULL) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a PDFium function address is null");
            return -1;
        }
    }
    return 0;
}

/* Every character's code from the page's text in one call, as pdfium._page_codes: one
 * code unit per character unless the text does not line up (then asked one by one). */
static unsigned *page_codes(const Calls *c, void *tp, int count) {
    unsigned *codes = PyMem_Malloc(sizeof(unsigned) * (count > 0 ? count : 1));
    unsigned short *text = PyMem_Malloc(sizeof(unsigned short) * (count + 1));
    if (codes == NULL || text == NULL) {
        PyMem_Free(codes);
        PyMem_Free(text);
        PyErr_NoMemory();
        return NULL;
    }
    int aligned = c->get_text(tp, 0, count, text) == count + 1;
    for (int k = 0; aligned && k < count; k++)
        if (text[k] >= FIRST_SURROGATE && text[k] <= LAST_SURROGATE)
            aligned = 0;
    for (int k = 0; k < count; k++)
        codes[k] = aligned ? text[k] : c->get_unicode(tp, k);
    PyMem_Free(text);
    return codes;
}

/* glyphs.is_control: a control character, which no glyph's text is (C0 but tab and line
 * ends, DEL, C1) */
static int is_control(unsigned code) {
    return (code < SPACE && code != TAB && code != LINE_FEED && code != CARRIAGE_RETURN) ||
           (code >= DELETE && code <= LAST_C1);
}

/* What decides a run's style, as PDFium gives it: the fields of the key run_style
 * looks the style up by. */
typedef struct {
    void *font;
    double size;
    int filled, mode;
    unsigned r, g, b;  /* read only where filled */
    Matrix m;
} StyleKey;

static int same_key(const StyleKey *x, const StyleKey *y) {
    /* field by field, with C's ==, as the key tuples compare (a NaN matches nothing) */
    return x->font == y->font && x->size == y->size && x->filled == y->filled &&
           x->mode == y->mode && (!x->filled || (x->r == y->r && x->g == y->g &&
                                                  x->b == y->b)) &&
           x->m.a == y->m.a && x->m.b == y->m.b && x->m.c == y->m.c && x->m.d == y->m.d;
}

/* The style of a run of characters from one text object: looked up by its key in
 * `styles`, made by `make_style(key)` the first time (None: text turned against the page,
 * see turns.py). A run in the
 * style of the run before it reuses that style without building its key: a producer
 * may give every character a text object of its own, in the same style as the last. */
static PyObject *run_style(const Calls *c, void *tp, int k, void *obj, PyObject *styles,
                           PyObject *make_style, Matrix *matrix, StyleKey *last,
                           PyObject *last_style) {
    StyleKey key_of = {0};
    unsigned alpha;
    key_of.font = c->get_font(obj);
    key_of.filled = c->get_fill(obj, &key_of.r, &key_of.g, &key_of.b, &alpha) != 0;
    c->get_matrix(tp, k, matrix);  /* (a failed call leaves the last one's, as in Python) */
    key_of.m = *matrix;
    key_of.size = c->get_size(tp, k);
    key_of.mode = c->get_mode(obj);
    if (last_style != NULL && same_key(&key_of, last))
        return Py_NewRef(last_style);
    *last = key_of;
    PyObject *colour;
    if (key_of.filled)
        colour = Py_BuildValue("(III)", key_of.r, key_of.g, key_of.b);
    else
        colour = Py_NewRef(Py_None);
    if (colour == NULL)
        return NULL;
    Matrix m = key_of.m;
    PyObject *key = Py_BuildValue("(NdNidddd)", PyLong_FromVoidPtr(key_of.font), key_of.size,
                                  colour, key_of.mode, (double)m.a, (double)m.b, (double)m.c,
                                  (double)m.d);
    if (key == NULL)
        return NULL;
    PyObject *style = PyDict_GetItemWithError(styles, key);
    if (style != NULL) {
        Py_DECREF(key);
        return Py_NewRef(style);
    }
    if (PyErr_Occurred()) {
        Py_DECREF(key);
        return NULL;
    }
    style = PyObject_CallOneArg(make_style, key);
    if (style != NULL && PyDict_SetItem(styles, key, style) < 0)
        Py_CLEAR(style);
    Py_DECREF(key);
    if (style != NULL && style != Py_None &&
        (!PyTuple_Check(style) || PyTuple_GET_SIZE(style) != 5)) {
        PyErr_SetString(PyExc_TypeError, "make_style must give a 5-tuple or None");
        Py_CLEAR(style);
    }
    return style;
}

/* A float of `value` (a new reference): the one `*kept` holds where it is that very
 * value, bit for bit (-0.0 is not 0.0), else a new one, kept in its place. A line's
 * glyphs mostly share their top, bottom and baseline: one float serves them all. */
static PyObject *float_as_before(double value, PyObject **kept) {
    if (*kept != NULL) {
        double before = PyFloat_AS_DOUBLE(*kept);
        if (memcmp(&before, &value, sizeof value) == 0)
            return Py_NewRef(*kept);
    }
    PyObject *made = PyFloat_FromDouble(value);
    if (made != NULL)
        Py_XSETREF(*kept, Py_NewRef(made));
    return made;
}

/* glyphs(calls, textpage, height, Glyph, unknown, styles, make_style, make_cid,
 *        origin_noise, visible) → list; `visible`: the page's visible box (boxes.py) */
PyObject *read_glyphs(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 10) {
        PyErr_SetString(PyExc_TypeError, "glyphs() takes 10 arguments");
        return NULL;
    }
    Calls c;
    if (read_calls(args[0], &c) < 0)
        return NULL;
    void *tp = PyLong_AsVoidPtr(args[1]);
    double height = PyFloat_AsDouble(args[2]), origin_noise = PyFloat_AsDouble(args[8]);
    double seen[4];  /* the page's visible box */
    if (!PyArg_ParseTuple(args[9], "dddd;visible must be (left, bottom, right, top)", &seen[0],
                          &seen[1], &seen[2], &seen[3]))
        return NULL;
    if (PyErr_Occurred())
        return NULL;
    if (tp == NULL) {
        PyErr_SetString(PyExc_ValueError, "no text page");
        return NULL;
    }
    PyObject *glyph_type = args[3], *unknown = args[4], *styles = args[5];
    PyObject *make_style = args[6], *make_cid = args[7];
    if (!PyDict_Check(styles)) {
        PyErr_SetString(PyExc_TypeError, "styles must be a dict");
        return NULL;
    }
    GlyphLayout layout;
    if (!glyph_layout(glyph_type, &layout))
        return NULL;
    int count = c.count_chars(tp);
    PyObject *out = PyList_New(0);
    if (out == NULL || count <= 0)
        return out;
    unsigned *codes = page_codes(&c, tp, count);
    if (codes == NULL) {
        Py_DECREF(out);
        return NULL;
    }
    void *run = NULL;
    PyObject *style = NULL;  /* the current run's style (a new reference), or None */
    /* PDFium's answers, kept from one character to the next as the Python loop keeps
     * them in its buffers (a call that fails leaves the last answer) */
    Matrix matrix = {0};
    StyleKey last_key = {0};  /* the key of `style`, while it is not NULL */
    RectF box = {0};
    double x = 0, y = 0;
    PyObject *top = NULL, *bottom = NULL, *base = NULL;  /* the last glyph's (float_as_before) */
    for (int k = 0; k < count; k++) {
        unsigned code = codes[k];
        if (code <= SPACE || code >= HYPHEN_MARK) {  /* the page's text may not say: ask */
            code = c.get_unicode(tp, k);
            if (code <= SPACE && c.generated(tp, k)) {
                Py_ssize_t n = PyList_GET_SIZE(out);
                if (n && code == SPACE &&
                    PyObject_SetAttrString(PyList_GET_ITEM(out, n - 1), "space_after",
                                           Py_True) < 0)
                    goto fail;
                continue;
            }
            if (code < SPACE && c.is_hyphen(tp, k))
                code = SOFT_HYPHEN;
            if (code == LINE_FEED || code == CARRIAGE_RETURN)
                continue;
        }
        void *obj = c.get_object(tp, k);
        if (obj == NULL)
            continue;
        if (obj != run) {
            run = obj;
            PyObject *next = run_style(&c, tp, k, obj, styles, make_style, &matrix,
                                       &last_key, style);
            Py_XDECREF(style);
            style = next;
            if (style == NULL)
                goto fail;
        }
        if (style == Py_None)
            continue;  /* turned against the page: stamps and margin notes, not its flow */
        c.get_box(tp, k, &box);
        if (box.right <= seen[0] || box.left >= seen[2] || box.top <= seen[1] ||
            box.bottom >= seen[3])
            continue;  /* off the page as it is cut: a printer's slug, a note off the page */
        c.get_origin(tp, k, &x, &y);
        double left = box.left, right = box.right;
        if (x < left - origin_noise)
            left = x;  /* an ink box (synthesized small capitals) starts at the origin */
        PyObject *text, *cid;
        if (code && !(code >= NO_TEXT_FIRST && code <= NO_TEXT_LAST) && !is_control(code)) {
            /* half of a surrogate pair (a character past 16 bits: an icon font's, most
             * often) is no text; it reads as the icon it draws (pdfium.ICON) */
            int half = code >= FIRST_SURROGATE && code <= LAST_SURROGATE;
            text = PyUnicode_FromOrdinal((int)(half ? ICON : code));
            cid = Py_NewRef(Py_None);
        } else {  /* no text: the font and the glyph's width tell one from another */
            text = Py_NewRef(unknown);
            PyObject *width = PyFloat_FromDouble(right - left);
            cid = width ? PyObject_CallFunctionObjArgs(make_cid, PyTuple_GET_ITEM(style, 0),
                                                       width, NULL) : NULL;
            Py_XDECREF(width);
        }
        PyObject *fields[N_FIELDS] = {
            text, PyFloat_FromDouble(left), PyFloat_FromDouble(right),
            float_as_before(height - box.top, &top), float_as_before(height - box.bottom, &bottom),
            PyTuple_GET_ITEM(style, 4), PyTuple_GET_ITEM(style, 0), PyTuple_GET_ITEM(style, 1),
            PyTuple_GET_ITEM(style, 2), PyTuple_GET_ITEM(style, 3), cid, Py_False,
            float_as_before(height - y, &base),
        };
        PyObject *glyph = NULL;
        if (text && cid && fields[1] && fields[2] && fields[3] && fields[4] && fields[12])
            glyph = new_glyph(&layout, fields);
        Py_XDECREF(text);
        Py_XDECREF(cid);
        Py_XDECREF(fields[1]);
        Py_XDECREF(fields[2]);
        Py_XDECREF(fields[3]);
        Py_XDECREF(fields[4]);
        Py_XDECREF(fields[12]);
        if (glyph == NULL || PyList_Append(out, glyph) < 0) {
            Py_XDECREF(glyph);
            goto fail;
        }
        Py_DECREF(glyph);
    }
    Py_XDECREF(style);
    Py_XDECREF(top);
    Py_XDECREF(bottom);
    Py_XDECREF(base);
    PyMem_Free(codes);
    return out;
fail:
    Py_XDECREF(style);
    Py_XDECREF(top);
    Py_XDECREF(bottom);
    Py_XDECREF(base);
    PyMem_Free(codes);
    Py_DECREF(out);
    return NULL;
}
