/* What the compiled parts of the PDF reader share: how a Glyph is laid out, so that
 * one can be read and made without going through Python attribute lookups. */
#ifndef ROOKERY_SPEEDUPS_H
#define ROOKERY_SPEEDUPS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Glyph's fields, in the order glyphs.Glyph declares them */
enum {
    F_TEXT, F_X0, F_X1, F_TOP, F_BOTTOM, F_SIZE, F_FAMILY, F_BOLD, F_ITALIC, F_COLOR, F_CID,
    F_SPACE_AFTER, F_BASE, N_FIELDS
};

/* Where each of a Glyph's slots lies in its objects. */
typedef struct {
    PyTypeObject *type;
    Py_ssize_t offsets[N_FIELDS];
} GlyphLayout;

/* Fill `layout` for `glyph_type`; 0 and a TypeError unless it is a slotted class with
 * exactly Glyph's fields and no __post_init__ (which making it so would skip). */
int glyph_layout(PyObject *glyph_type, GlyphLayout *layout);

/* The F_ number of the field `name` (a str) names; -1 and a ValueError if none. */
int glyph_field_named(PyObject *name);

/* A field of a glyph (a borrowed reference). */
static inline PyObject *glyph_field(const GlyphLayout *layout, PyObject *glyph, int field) {
    return *(PyObject **)((char *)glyph + layout->offsets[field]);
}

/* A new Glyph from its fields (borrowed references), as its __init__ would make it. */
PyObject *new_glyph(const GlyphLayout *layout, PyObject *const *fields);

/* One field of `g` (borrowed), for a loop that reads no other: NULL and an exception
 * unless `g` is a Glyph of this layout with that field set (and a str, for text). */
PyObject *glyph_get(const GlyphLayout *layout, PyObject *g, int field);

/* Is `g` a Glyph of this layout with every field set and a str for text? 0 and an
 * exception if not: the loops read its fields without asking again. */
int glyph_ok(const GlyphLayout *layout, PyObject *g);

/* A Fragment of `glyphs` (a list, stolen) on `page`, its fields worked out as
 * Fragment.refresh works them out. */
PyObject *new_fragment(PyObject *fragment_type, PyObject *page, PyObject *glyphs,
                       const GlyphLayout *layout);

/* The arguments of a compiled loop: `want` of them, a list first (glyphs, or lines of
 * them) and the Glyph class at `glyph_at`, read into `layout`. 0 and a TypeError that
 * shows `usage` if not. */
int loop_args(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want, int glyph_at,
              const char *usage, GlyphLayout *layout);

/* counts[key] += n, as a Counter adds (a key first seen goes in last): 0, or -1 and an
 * exception. */
int add_count(PyObject *counts, PyObject *key, Py_ssize_t n);

/* str.isalnum(), and bool(text.strip()), of a str. */
int all_alnum(PyObject *text);
int has_ink(PyObject *text);

/* A comparison of doubles for qsort. */
int cmp_double(const void *pa, const void *pb);

/* Put in place `k` of `items` (n of `size` bytes each, size <= 32) the item a qsort by
 * `cmp` would put there, the rest around it in no order: a selection, a pass or two
 * over them where a sort takes many. `cmp` must order the items wholly (no NaN; ties
 * told apart, or equal items interchangeable). */
void select_nth(void *items, size_t n, size_t size, size_t k,
                int (*cmp)(const void *, const void *));

PyObject *read_glyphs(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *make_fragments(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *usual_widths(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *other_forms(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *text_runs(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *tally(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *counts(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *texts(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *ink_runs(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#endif
