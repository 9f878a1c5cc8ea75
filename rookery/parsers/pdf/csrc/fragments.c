/* A page's glyphs grouped into fragments: the compiled twin of glyphs._python_fragments,
 * step for step (the comments there say why each step is taken). Every constant the
 * rules compare against comes from settings.py, through glyphs._CONSTANTS. */
#include "speedups.h"
#include <math.h>
#include <stdlib.h>

typedef struct {  /* what the grouping reads of a glyph */
    double x0, x1, size, base;
    PyObject *glyph;  /* borrowed */
    int inked;  /* any text but white space */
    int space_after;
    int k;  /* its place in the page's list: the sort's last key */
} G;

typedef struct {  /* the settings, in the order glyphs._RULES names them */
    double space_gap, fragment_gap, word_space, tight_space, letter_spaced, same_place,
        other_size, same_baseline, baselines_apart, sizes_apart, marked_gaps, marked_share,
        tracking_least, tracking_most, tracking_gaps, short_word, least_em, unmarked_gaps, own_space;
} Rules;

#define N_RULES 19  /* the fields above */

static int by_line(const void *pa, const void *pb) {  /* (baseline, x0, k) */
    const G *a = *(G *const *)pa, *b = *(G *const *)pb;
    if (a->base != b->base)
        return a->base < b->base ? -1 : 1;
    if (a->x0 != b->x0)
        return a->x0 < b->x0 ? -1 : 1;
    return a->k - b->k;
}

typedef struct { G *g; int at; } Placed;

static int by_x0(const void *pa, const void *pb) {  /* x0, then the row's order (stable) */
    const Placed *a = pa, *b = pb;
    if (a->g->x0 != b->g->x0)
        return a->g->x0 < b->g->x0 ? -1 : 1;
    return a->at - b->at;
}

/* min(max(v, tracking_least), tracking_most) */
static double clamp_gap(double v, const Rules *r) {
    v = v < r->tracking_least ? r->tracking_least : v;
    return v > r->tracking_most ? r->tracking_most : v;
}

/* glyphs._usual: the gap between letters of a word on this line (`gaps` is reordered) */
static double usual(double *gaps, Py_ssize_t n, const Rules *r) {
    if (n < r->tracking_gaps)
        return 0.0;
    if (n < r->short_word) {
        double least = gaps[0];
        for (Py_ssize_t k = 1; k < n; k++)
            if (gaps[k] < least)
                least = gaps[k];
        return clamp_gap(least, r);
    }
    int nan = 0;
    for (Py_ssize_t k = 0; k < n && !nan; k++)
        nan = isnan(gaps[k]);
    if (nan)  /* (no whole order: as the sort leaves them) */
        qsort(gaps, (size_t)n, sizeof(double), cmp_double);
    else
        select_nth(gaps, (size_t)n, sizeof(double), (size_t)(n / 3), cmp_double);
    return clamp_gap(gaps[n / 3], r);
}

/* str.isalnum(), str.isdigit() and str.isupper() of a glyph's text */
static int text_is(PyObject *text, const char *method) {
    if (PyUnicode_GET_LENGTH(text) == 1) {
        Py_UCS4 ch = PyUnicode_READ_CHAR(text, 0);
        switch (method[2]) {
        case 'a': return Py_UNICODE_ISALNUM(ch);
        case 'd': return Py_UNICODE_ISDIGIT(ch);
        default: return Py_UNICODE_ISUPPER(ch);
        }
    }
    PyObject *answer = PyObject_CallMethod(text, method, NULL);
    if (answer == NULL)
        return -1;
    int yes = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    return yes;
}

/* max(size, least_em): the size a gap is measured in ems of */
static double em_of(double size, const Rules *r) {
    return size > r->least_em ? size : r->least_em;
}

/* glyphs._other_line */
static int other_line(const G *a, const G *b, const Rules *r) {
    double small = em_of(a->size < b->size ? a->size : b->size, r);
    double big = a->size > b->size ? a->size : b->size;
    int apart = fabs(a->base - b->base) > r->baselines_apart * small ||
                big > r->other_size * small;
    return apart && b->x0 - a->x1 > r->fragment_gap * small;
}

/* Read what the grouping needs of each glyph; -1 on an error. */
static int read_glyph(const GlyphLayout *layout, PyObject *glyph, Py_ssize_t k, G *g) {
    if (!glyph_ok(layout, glyph))
        return -1;
    PyObject *text = glyph_field(layout, glyph, F_TEXT);
    PyObject *base = glyph_field(layout, glyph, F_BASE);
    PyObject *flag = glyph_field(layout, glyph, F_SPACE_AFTER);
    g->glyph = glyph;
    g->k = (int)k;
    g->x0 = PyFloat_AsDouble(glyph_field(layout, glyph, F_X0));
    g->x1 = PyFloat_AsDouble(glyph_field(layout, glyph, F_X1));
    g->size = PyFloat_AsDouble(glyph_field(layout, glyph, F_SIZE));
    g->base = PyFloat_AsDouble(base == Py_None ? glyph_field(layout, glyph, F_BOTTOM) : base);
    g->space_after = PyObject_IsTrue(flag);
    g->inked = 0;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    for (Py_ssize_t i = 0; i < n && !g->inked; i++)
        g->inked = !Py_UNICODE_ISSPACE(PyUnicode_READ_CHAR(text, i));
    return PyErr_Occurred() ? -1 : 0;
}

/* The space glyph between two words of a fragment, coloured only if both are. */
static PyObject *space(const GlyphLayout *layout, PyObject *prev, PyObject *next) {
    static PyObject *blank;
    if (blank == NULL && (blank = PyUnicode_FromOrdinal(' ')) == NULL)
        return NULL;
    PyObject *colour = glyph_field(layout, prev, F_COLOR);
    int same = PyObject_RichCompareBool(colour, glyph_field(layout, next, F_COLOR), Py_EQ);
    if (same < 0)
        return NULL;
    PyObject *fields[N_FIELDS] = {
        blank, glyph_field(layout, prev, F_X1), glyph_field(layout, next, F_X0),
        glyph_field(layout, prev, F_TOP), glyph_field(layout, prev, F_BOTTOM),
        glyph_field(layout, prev, F_SIZE), glyph_field(layout, prev, F_FAMILY),
        glyph_field(layout, prev, F_BOLD), glyph_field(layout, prev, F_ITALIC),
        same ? colour : Py_None, Py_None, Py_False, Py_None,
    };
    return new_glyph(layout, fields);
}

/* One row's inked glyphs `ink[0..n)` (gaps, spaced and inferred as the caller found
 * them) cut into fragments, appended to `out`; -1 on an error. */
static int cut_row(G **ink, double *gaps, const char *spaced, const char *inferred,
                   Py_ssize_t n, int marks_spaces, const Rules *r, const GlyphLayout *layout,
                   PyObject *page, PyObject *fragment_type, PyObject *out, double *scratch,
                   char *alnum) {
    for (Py_ssize_t k = 0; k < n; k++) {
        int yes = text_is(glyph_field(layout, ink[k]->glyph, F_TEXT), "isalnum");
        if (yes < 0)
            return -1;
        alnum[k] = (char)yes;
    }
    memcpy(scratch, gaps, sizeof(double) * (n - 1 > 0 ? n - 1 : 0));
    double u = usual(scratch, n - 1, r);
    double wide = r->fragment_gap + (u > 0.0 ? u : 0.0);
    Py_ssize_t a = 0;
    for (Py_ssize_t b = 1; b <= n; b++) {
        if (b < n && !(gaps[b - 1] > wide || (ink[b]->x0 - ink[b - 1]->x1 >
                                                   r->fragment_gap * r->least_em &&
                                               other_line(ink[b - 1], ink[b], r))))
            continue;
        /* the piece ink[a..b): its tracking, read between letters */
        Py_ssize_t m = 0;
        for (Py_ssize_t k = a; k < b - 1; k++)
            if (alnum[k] && alnum[k + 1] &&
                !(fabs(ink[k]->x0 - ink[k + 1]->x0) <= r->same_place * em_of(ink[k]->size, r)))
                scratch[m++] = gaps[k];
        if (m == 0)
            for (Py_ssize_t k = a; k < b - 1; k++)
                scratch[m++] = gaps[k];
        double tracking = usual(scratch, m, r);
        int plain = tracking < r->letter_spaced;
        double tight = tracking + r->tight_space;
        /* glyphs._loose: the line's own word-wide gaps, marked and not */
        double least = (tracking > 0.0 ? tracking : 0.0) + r->word_space;
        Py_ssize_t wide = 0, marked = 0;
        double narrowest = 0.0;
        for (Py_ssize_t k = a; k < b - 1; k++)
            if (gaps[k] > least) {
                wide += 1;
                if (spaced[k] || inferred[k]) {
                    narrowest = marked == 0 || gaps[k] < narrowest ? gaps[k] : narrowest;
                    marked += 1;
                }
            }
        int marks = marks_spaces && (wide - marked < r->unmarked_gaps || 2 * marked >= wide);
        double loose = tracking + (marks ? r->space_gap : r->word_space);
        if (marked > 0) {
            double own = r->own_space * narrowest > least ? r->own_space * narrowest : least;
            if (own < loose)
                loose = own;
        }
        PyObject *current = PyList_New(0);
        if (current == NULL || PyList_Append(current, ink[a]->glyph) < 0)
            goto fail;
        for (Py_ssize_t k = a; k < b - 1; k++) {
            PyObject *prev = ink[k]->glyph, *g = ink[k + 1]->glyph;
            PyObject *prev_text = glyph_field(layout, prev, F_TEXT);
            double gap = gaps[k];
            int parted = spaced[k] || (inferred[k] && (plain || gap > tight)) || gap > loose;
            if (!parted && PyUnicode_GET_LENGTH(prev_text) == 1 &&
                PyUnicode_READ_CHAR(prev_text, 0) == '.' && k > 0) {
                /* glyphs._number_meets_title */
                int digit = text_is(glyph_field(layout, ink[k - 1]->glyph, F_TEXT), "isdigit");
                int upper = digit > 0 ? text_is(glyph_field(layout, g, F_TEXT), "isupper") : 0;
                if (digit < 0 || upper < 0)
                    goto fail;
                double ps = ink[k]->size, gs = ink[k + 1]->size;
                parted = digit && upper && fabs(ps - gs) > r->sizes_apart * (ps > gs ? ps : gs) &&
                         ink[k + 1]->x0 >= ink[k]->x1;
            }
            if (parted && (spaced[k] || !(PyUnicode_GET_LENGTH(prev_text) == 1 &&
                                          PyUnicode_READ_CHAR(prev_text, 0) == 0xAD))) {
                PyObject *blank = space(layout, prev, g);
                if (blank == NULL || PyList_Append(current, blank) < 0) {
                    Py_XDECREF(blank);
                    goto fail;
                }
                Py_DECREF(blank);
            }
            if (PyList_Append(current, g) < 0)
                goto fail;
        }
        PyObject *fragment = new_fragment(fragment_type, page, current, layout);
        if (fragment == NULL || PyList_Append(out, fragment) < 0) {
            Py_XDECREF(fragment);
            return -1;
        }
        Py_DECREF(fragment);
        a = b;
        continue;
    fail:
        Py_XDECREF(current);
        return -1;
    }
    return 0;
}

/* fragments(glyphs, page, Glyph, Fragment, constants) → list of Fragment */
PyObject *make_fragments(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5 || !PyList_Check(args[0]) || !PyTuple_Check(args[4]) ||
        PyTuple_GET_SIZE(args[4]) != N_RULES) {
        PyErr_SetString(PyExc_TypeError, "fragments(glyphs, page, Glyph, Fragment, constants)");
        return NULL;
    }
    PyObject *list = args[0], *page = args[1], *fragment_type = args[3];
    GlyphLayout layout;
    if (!glyph_layout(args[2], &layout))
        return NULL;
    double rule[N_RULES];
    for (int k = 0; k < N_RULES; k++)
        rule[k] = PyFloat_AsDouble(PyTuple_GET_ITEM(args[4], k));
    if (PyErr_Occurred())
        return NULL;
    Rules r = {.space_gap = rule[0], .fragment_gap = rule[1], .word_space = rule[2],
               .tight_space = rule[3], .letter_spaced = rule[4], .same_place = rule[5],
               .other_size = rule[6], .same_baseline = rule[7], .baselines_apart = rule[8],
               .sizes_apart = rule[9], .marked_gaps = rule[10], .marked_share = rule[11],
               .tracking_least = rule[12], .tracking_most = rule[13],
               .tracking_gaps = rule[14], .short_word = rule[15], .least_em = rule[16],
               .unmarked_gaps = rule[17], .own_space = rule[18]};
    Py_ssize_t n = PyList_GET_SIZE(list);
    PyObject *out = PyList_New(0);
    if (out == NULL || n == 0)
        return out;
    G *all = PyMem_Calloc((size_t)n, sizeof(G));
    G **order = PyMem_Calloc((size_t)n, sizeof(G *));
    G **ink = PyMem_Calloc((size_t)n, sizeof(G *));
    Placed *row = PyMem_Calloc((size_t)n, sizeof(Placed));
    double *gaps = PyMem_Calloc((size_t)n, sizeof(double));
    double *scratch = PyMem_Calloc((size_t)n, sizeof(double));
    char *flags = PyMem_Calloc((size_t)n * 3, 1);  /* spaced, inferred, alnum */
    /* each row's inked glyphs, ends and gaps, kept for the second pass */
    Py_ssize_t *row_end = PyMem_Calloc((size_t)n + 1, sizeof(Py_ssize_t));
    if (!all || !order || !ink || !row || !gaps || !scratch || !flags || !row_end) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        if (read_glyph(&layout, PyList_GET_ITEM(list, k), k, &all[k]) < 0)
            goto fail;
        order[k] = &all[k];
    }
    qsort(order, (size_t)n, sizeof(G *), by_line);
    /* rows: glyphs on one baseline (near enough for their size); each row's inked glyphs
     * go to ink[] in x order, rows one after another, ending at row_end[] */
    char *spaced = flags, *inferred = flags + n, *alnum = flags + 2 * n;
    Py_ssize_t rows = 0, inked = 0, spaces = 0, marked = 0;
    Py_ssize_t start = 0;
    for (Py_ssize_t k = 1; k <= n; k++) {
        if (k < n && fabs(order[k]->base - order[k - 1]->base) <=
                         r.same_baseline * em_of(order[k]->size, &r))
            continue;
        Py_ssize_t count = k - start;
        for (Py_ssize_t i = 0; i < count; i++) {
            row[i].g = order[start + i];
            row[i].at = (int)i;
        }
        qsort(row, (size_t)count, sizeof(Placed), by_x0);
        Py_ssize_t first = inked;
        G *blank = NULL;
        for (Py_ssize_t i = 0; i < count; i++) {
            G *g = row[i].g;
            if (!g->inked) {
                if (inked > first)
                    blank = g;
                continue;
            }
            if (inked > first) {
                G *prev = ink[inked - 1];
                double em = prev->size > g->size ? prev->size : g->size;
                double gap = (g->x0 - prev->x1) / em_of(em, &r);
                gaps[inked - 1] = gap;
                if (r.space_gap < gap && gap <= r.fragment_gap) {
                    spaces += 1;
                    marked += prev->space_after || blank != NULL;
                }
                if (blank != NULL) {  /* glyphs._takes_room */
                    double near = r.same_place * em_of(blank->size, &r);
                    if (fabs(blank->x0 - g->x0) > near && fabs(blank->x0 - prev->x0) > near &&
                        blank->x1 >= prev->x1 - near)
                        spaced[inked - 1] = 1;
                }
            }
            blank = NULL;
            inferred[inked] = (char)g->space_after;
            ink[inked++] = g;
        }
        if (inked > first)
            row_end[rows++] = inked;
        start = k;
    }
    int marks_spaces = spaces >= r.marked_gaps && marked >= r.marked_share * spaces;
    Py_ssize_t from = 0;
    for (Py_ssize_t k = 0; k < rows; k++) {
        Py_ssize_t to = row_end[k];
        if (cut_row(ink + from, gaps + from, spaced + from, inferred + from, to - from,
                    marks_spaces, &r, &layout, page, fragment_type, out, scratch,
                    alnum + from) < 0)
            goto fail;
        from = to;
    }
    PyMem_Free(all), PyMem_Free(order), PyMem_Free(ink), PyMem_Free(row);
    PyMem_Free(gaps), PyMem_Free(scratch), PyMem_Free(flags), PyMem_Free(row_end);
    return out;
fail:
    PyMem_Free(all), PyMem_Free(order), PyMem_Free(ink), PyMem_Free(row);
    PyMem_Free(gaps), PyMem_Free(scratch), PyMem_Free(flags), PyMem_Free(row_end);
    Py_DECREF(out);
    return NULL;
}
