/* The lower-case letters' advances: the compiled twins of typography._python_usual_widths
 * and typography._python_other_forms, step for step (the comments there say why). A
 * letter's face is (family, bold, italic, letter), its advance its box's width in ems. */
#include "speedups.h"
#include <math.h>
#include <stdint.h>
#include <string.h>

/* str.islower() of a glyph's text: 1, 0, or -1 on an error */
static int is_lower(PyObject *text) {
    if (PyUnicode_GET_LENGTH(text) == 1)
        return Py_UNICODE_ISLOWER(PyUnicode_READ_CHAR(text, 0));
    PyObject *answer = PyObject_CallMethod(text, "islower", NULL);
    if (answer == NULL)
        return -1;
    int yes = PyObject_IsTrue(answer);
    Py_DECREF(answer);
    return yes;
}

/* A glyph's face: (family, bold, italic, text), the letter too. Glyphs share these
 * objects (a style's, a character's), so a memo keyed by their identity answers most
 * glyphs without making and hashing the tuple: the same objects make an equal tuple. */
typedef struct {
    PyObject *family, *bold, *italic, *text;  /* borrowed: the glyphs hold them */
    Py_ssize_t found;  /* what the loop found for the face (see each loop) */
    double width;
} Memo;

#define MEMO_SLOTS 512

static Memo *memo_slot(Memo *memo, PyObject *const *parts) {
    uintptr_t h = 0;
    for (int k = 0; k < 4; k++)
        h = h * 1000003u ^ ((uintptr_t)parts[k] >> 4);
    h ^= h >> 11;
    return &memo[h & (MEMO_SLOTS - 1)];
}

static int memo_has(const Memo *m, PyObject *const *parts) {
    return m->text == parts[3] && m->family == parts[0] && m->bold == parts[1] &&
           m->italic == parts[2];
}

/* A glyph's size, and its face's parts (borrowed): 1; 0 for a glyph of no size; -1 on
 * an error. */
static int sized(const GlyphLayout *layout, PyObject *g, double *size, PyObject **parts) {
    if (!glyph_ok(layout, g))
        return -1;
    *size = PyFloat_AsDouble(glyph_field(layout, g, F_SIZE));
    if (*size == -1.0 && PyErr_Occurred())
        return -1;
    if (!(*size > 0))
        return 0;
    parts[0] = glyph_field(layout, g, F_FAMILY);
    parts[1] = glyph_field(layout, g, F_BOLD);
    parts[2] = glyph_field(layout, g, F_ITALIC);
    parts[3] = glyph_field(layout, g, F_TEXT);
    return 1;
}

/* A glyph's advance in ems, its box's width over its size. */
static int advance_of(const GlyphLayout *layout, PyObject *g, double size, double *advance) {
    double x0 = PyFloat_AsDouble(glyph_field(layout, g, F_X0));
    double x1 = PyFloat_AsDouble(glyph_field(layout, g, F_X1));
    if (PyErr_Occurred())
        return -1;
    *advance = (x1 - x0) / size;
    return 0;
}

/* One (face, advance) as first seen, with how often it was seen. */
typedef struct { Py_ssize_t face; double advance; Py_ssize_t count; } Seen;

/* An open-addressed table of Seen, in the order first seen. */
typedef struct {
    Seen *items;
    Py_ssize_t used, room;
    Py_ssize_t *slots;  /* index into items + 1; 0: empty */
    Py_ssize_t mask;
} Table;

static uint64_t mix(Py_ssize_t face, double advance) {
    uint64_t bits;
    memcpy(&bits, &advance, sizeof bits);
    uint64_t h = bits ^ ((uint64_t)face * 0x9E3779B97F4A7C15ull);
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    return h ^ (h >> 33);
}

static int grow(Table *t) {
    Py_ssize_t size = t->mask ? (t->mask + 1) * 2 : 1024;
    Py_ssize_t *slots = PyMem_Calloc((size_t)size, sizeof(Py_ssize_t));
    Seen *items = PyMem_Realloc(t->items, sizeof(Seen) * (size_t)(size / 2));
    if (slots == NULL || items == NULL) {
        PyMem_Free(slots);
        if (items != NULL)
            t->items = items;
        PyErr_NoMemory();
        return -1;
    }
    t->items = items;
    t->room = size / 2;
    PyMem_Free(t->slots);
    t->slots = slots;
    t->mask = size - 1;
    for (Py_ssize_t k = 0; k < t->used; k++) {
        uint64_t h = mix(items[k].face, items[k].advance) & (uint64_t)t->mask;
        while (slots[h])
            h = (h + 1) & (uint64_t)t->mask;
        slots[h] = k + 1;
    }
    return 0;
}

/* Count one more (face, advance); advances are told apart by their bits, as a dict of
 * floats tells them apart by value (0.0 and -0.0 aside, which no box width gives twice
 * with a meaning). */
static int count(Table *t, Py_ssize_t face, double advance) {
    if (t->used >= t->room && grow(t) < 0)
        return -1;
    uint64_t h = mix(face, advance) & (uint64_t)t->mask;
    while (t->slots[h]) {
        Seen *s = &t->items[t->slots[h] - 1];
        if (s->face == face && memcmp(&s->advance, &advance, sizeof advance) == 0) {
            s->count++;
            return 0;
        }
        h = (h + 1) & (uint64_t)t->mask;
    }
    t->items[t->used] = (Seen){face, advance, 1};
    t->slots[h] = ++t->used;
    return 0;
}

/* The number of a face in `faces` (a new one is added, and numbered in `index`), or -1
 * on an error. */
static Py_ssize_t face_number(PyObject *const *parts, PyObject *faces, PyObject *index) {
    PyObject *face = PyTuple_Pack(4, parts[0], parts[1], parts[2], parts[3]);
    if (face == NULL)
        return -1;
    Py_ssize_t at = -1;
    PyObject *known = PyDict_GetItemWithError(index, face);
    if (known != NULL) {
        at = PyLong_AsSsize_t(known);
    } else if (!PyErr_Occurred()) {
        PyObject *number = PyLong_FromSsize_t(PyList_GET_SIZE(faces));
        if (number != NULL && PyDict_SetItem(index, face, number) == 0 &&
                PyList_Append(faces, face) == 0)
            at = PyList_GET_SIZE(faces) - 1;
        Py_XDECREF(number);
    }
    Py_DECREF(face);
    return at;
}

/* usual_widths(lines, Glyph, round, places, least) → {face: usual advance}: see
 * typography._python_usual_widths (places, least: the settings advance_places and
 * usual_letters). The advances are counted as drawn, then rounded to `places` by `round`
 * once each, in the order first seen, so that every count and every tie falls as
 * rounding each glyph's advance would make it fall. */
PyObject *usual_widths(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    GlyphLayout layout;
    if (!loop_args(args, nargs, 5, 1, "usual_widths(lines, Glyph, round, places, least)",
                   &layout))
        return NULL;
    PyObject *round = args[2], *places = args[3];
    Py_ssize_t least = PyLong_AsSsize_t(args[4]);
    if (least == -1 && PyErr_Occurred())
        return NULL;
    PyObject *faces = PyList_New(0), *index = PyDict_New(), *widths = NULL, *out = NULL;
    Table t = {0};
    Memo *memo = PyMem_Calloc(MEMO_SLOTS, sizeof(Memo));
    if (memo == NULL)
        PyErr_NoMemory();
    if (faces == NULL || index == NULL || memo == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(args[0]); i++) {
        PyObject *line = PyList_GET_ITEM(args[0], i);
        if (!PyList_Check(line)) {
            PyErr_SetString(PyExc_TypeError, "expected lines of Glyph");
            goto done;
        }
        for (Py_ssize_t k = 0; k < PyList_GET_SIZE(line); k++) {
            PyObject *g = PyList_GET_ITEM(line, k), *parts[4];
            double size, advance;
            int has = sized(&layout, g, &size, parts);
            if (has < 0)
                goto done;
            if (has == 0)
                continue;
            Memo *m = memo_slot(memo, parts);
            int measured = 0;
            if (!memo_has(m, parts)) {  /* found: the face's number, or -1: no letter */
                Py_ssize_t at = -1;
                int lower = is_lower(parts[3]);
                if (lower < 0)
                    goto done;
                if (lower) {  /* the advance, then the face's key: Python's order */
                    if (advance_of(&layout, g, size, &advance) < 0)
                        goto done;
                    measured = 1;
                    if ((at = face_number(parts, faces, index)) < 0)
                        goto done;
                }
                *m = (Memo){parts[0], parts[1], parts[2], parts[3], at, 0.0};
            }
            if (m->found < 0)
                continue;
            if ((!measured && advance_of(&layout, g, size, &advance) < 0) ||
                    count(&t, m->found, advance) < 0)
                goto done;
        }
    }
    /* each face's rounded advances, their counts summed, in the order first seen */
    Py_ssize_t n = PyList_GET_SIZE(faces);
    if ((widths = PyList_New(n)) == NULL)
        goto done;
    for (Py_ssize_t f = 0; f < n; f++) {
        PyObject *counts = PyDict_New();
        if (counts == NULL)
            goto done;
        PyList_SET_ITEM(widths, f, counts);
    }
    for (Py_ssize_t k = 0; k < t.used; k++) {
        PyObject *drawn = PyFloat_FromDouble(t.items[k].advance);
        PyObject *rounded = drawn ? PyObject_CallFunctionObjArgs(round, drawn, places, NULL)
                                  : NULL;
        Py_XDECREF(drawn);
        if (rounded == NULL)
            goto done;
        int failed = add_count(PyList_GET_ITEM(widths, t.items[k].face), rounded,
                               t.items[k].count) < 0;
        Py_DECREF(rounded);
        if (failed)
            goto done;
    }
    /* the commonest advance of each face seen at least `least` times (the first of those
     * as common) */
    if ((out = PyDict_New()) == NULL)
        goto done;
    for (Py_ssize_t f = 0; f < n; f++) {
        PyObject *counts = PyList_GET_ITEM(widths, f), *key, *value, *best = NULL;
        Py_ssize_t pos = 0, most = -1, all = 0;
        while (PyDict_Next(counts, &pos, &key, &value)) {
            Py_ssize_t c = PyLong_AsSsize_t(value);
            all += c;
            if (c > most)
                most = c, best = key;
        }
        if (all >= least && PyDict_SetItem(out, PyList_GET_ITEM(faces, f), best) < 0) {
            Py_CLEAR(out);
            goto done;
        }
    }
done:
    PyMem_Free(memo);
    PyMem_Free(t.items);
    PyMem_Free(t.slots);
    Py_XDECREF(faces);
    Py_XDECREF(index);
    Py_XDECREF(widths);
    if (PyErr_Occurred())
        Py_CLEAR(out);
    return out;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* typography.scaled_alike: are the line's different letters drawn at the line's median
 * ratio to their usual widths (a letter is if any of its glyphs is)? 1, 0, or -1 on an
 * error. */
static int scaled_alike(const GlyphLayout *layout, PyObject *line, PyObject *usual,
                        double scaled, double scaled_share, Py_ssize_t scaled_letters) {
    Py_ssize_t n = PyList_GET_SIZE(line), found = 0, letters = 0, near = 0;
    PyObject **texts = PyMem_Malloc(sizeof(PyObject *) * (n ? n : 1));
    double *ratios = PyMem_Malloc(sizeof(double) * (n ? n : 1));
    double *ordered = PyMem_Malloc(sizeof(double) * (n ? n : 1));
    char *done = PyMem_Calloc(n ? n : 1, 1);  /* an occurrence of a letter counted */
    int answer = -1;
    if (texts == NULL || ratios == NULL || ordered == NULL || done == NULL) {
        PyErr_NoMemory();
        goto out;
    }
    for (Py_ssize_t k = 0; k < n; k++) {  /* every lower-case glyph with a usual width */
        PyObject *g = PyList_GET_ITEM(line, k), *parts[4];
        double size, advance;
        int lower = is_lower(glyph_field(layout, g, F_TEXT));
        if (lower < 0)
            goto out;
        if (!lower)
            continue;
        int has = sized(layout, g, &size, parts);
        if (has < 0)
            goto out;
        if (!has)
            continue;
        PyObject *face = PyTuple_Pack(4, parts[0], parts[1], parts[2], parts[3]);
        PyObject *width = face ? PyDict_GetItemWithError(usual, face) : NULL;
        Py_XDECREF(face);
        if (width == NULL) {
            if (PyErr_Occurred())
                goto out;
            continue;
        }
        double w = PyFloat_AsDouble(width);
        if (w == -1.0 && PyErr_Occurred())
            goto out;
        if (w == 0.0)
            continue;
        if (advance_of(layout, g, size, &advance) < 0)
            goto out;
        texts[found] = parts[3];
        ordered[found] = ratios[found] = advance / w;
        found++;
    }
    answer = 0;
    if (found == 0)
        goto out;
    qsort(ordered, (size_t)found, sizeof(double), by_value);
    double middle = ordered[found / 2];
    for (Py_ssize_t k = 0; k < found; k++) {  /* each different letter once */
        if (done[k])
            continue;
        int at = 0;
        for (Py_ssize_t j = k; j < found; j++) {
            int same = j == k ? 1 : PyObject_RichCompareBool(texts[j], texts[k], Py_EQ);
            if (same < 0) {
                answer = -1;
                goto out;
            }
            if (same) {
                done[j] = 1;
                at = at || fabs(ratios[j] - middle) <= scaled * middle;
            }
        }
        letters++;
        near += at;
    }
    answer = letters >= scaled_letters && near >= scaled_share * letters;
out:
    PyMem_Free(texts);
    PyMem_Free(ratios);
    PyMem_Free(ordered);
    PyMem_Free(done);
    return answer;
}

/* Is one line in other forms? See typography._python_other_glyphs, whose order of
 * questions it keeps: a lower-case letter, then of a size, then its usual width. */
enum { NOT_LOWER = -1, NO_WIDTH = 0, WIDTH = 1, UNASKED = 2 };

typedef struct { double scaled, share; Py_ssize_t letters; } Scaled;

static int other_glyphs(const GlyphLayout *layout, PyObject *line, PyObject *usual,
                        double variant, Py_ssize_t least, double share, Memo *memo,
                        const Scaled *alike) {
    Py_ssize_t judged = 0, other = 0;
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(line); k++) {
        PyObject *g = PyList_GET_ITEM(line, k);
        if (!glyph_ok(layout, g))
            return -1;
        PyObject *parts[4] = {glyph_field(layout, g, F_FAMILY), glyph_field(layout, g, F_BOLD),
                              glyph_field(layout, g, F_ITALIC), glyph_field(layout, g, F_TEXT)};
        Memo *m = memo_slot(memo, parts);
        if (!memo_has(m, parts)) {  /* found: one of the four above */
            int lower = is_lower(parts[3]);
            if (lower < 0)
                return -1;
            *m = (Memo){parts[0], parts[1], parts[2], parts[3], lower ? UNASKED : NOT_LOWER, 0.0};
        }
        if (m->found == NOT_LOWER)
            continue;
        double size = PyFloat_AsDouble(glyph_field(layout, g, F_SIZE)), advance;
        if (size == -1.0 && PyErr_Occurred())
            return -1;
        if (!(size > 0))
            continue;
        if (m->found == UNASKED) {
            double w = 0.0;
            PyObject *face = PyTuple_Pack(4, parts[0], parts[1], parts[2], parts[3]);
            PyObject *width = face ? PyDict_GetItemWithError(usual, face) : NULL;
            Py_XDECREF(face);
            if (width == NULL && PyErr_Occurred())
                return -1;
            if (width != NULL && (w = PyFloat_AsDouble(width)) == -1.0 && PyErr_Occurred())
                return -1;
            m->found = w != 0.0 ? WIDTH : NO_WIDTH;
            m->width = w;
        }
        if (m->found == NO_WIDTH)
            continue;
        if (advance_of(layout, g, size, &advance) < 0)
            return -1;
        judged += 1;
        other += fabs(advance / m->width - 1) > variant;
    }
    if (!(judged >= least && other >= share * judged))
        return 0;
    int scaled = scaled_alike(layout, line, usual, alike->scaled, alike->share, alike->letters);
    return scaled < 0 ? -1 : !scaled;
}

/* other_forms(lines, usual, Glyph, variant, least, share, carried_least, carried_share,
 *             scaled, scaled_share, scaled_letters)
 * → a list of bools: see typography._python_other_forms. */
PyObject *other_forms(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 11 || !PyList_Check(args[0]) || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "other_forms(lines, usual, Glyph, variant, least, "
                        "share, carried_least, carried_share, scaled, scaled_share, "
                        "scaled_letters)");
        return NULL;
    }
    GlyphLayout layout;
    if (!glyph_layout(args[2], &layout))
        return NULL;
    double variant = PyFloat_AsDouble(args[3]), share = PyFloat_AsDouble(args[5]);
    double carried_share = PyFloat_AsDouble(args[7]);
    Py_ssize_t least = PyLong_AsSsize_t(args[4]), carried_least = PyLong_AsSsize_t(args[6]);
    Scaled alike = {PyFloat_AsDouble(args[8]), PyFloat_AsDouble(args[9]),
                    PyLong_AsSsize_t(args[10])};
    if (PyErr_Occurred())
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(args[0]);
    PyObject *out = PyList_New(n);
    Memo *memo = PyMem_Calloc(MEMO_SLOTS, sizeof(Memo));
    if (out == NULL || memo == NULL) {
        Py_XDECREF(out);
        PyMem_Free(memo);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    int before = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *line = PyList_GET_ITEM(args[0], k);
        int other = PyList_Check(line) ? other_glyphs(
            &layout, line, args[1], variant, before ? carried_least : least,
            before ? carried_share : share, memo, &alike) : -1;
        if (other < 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "expected lines of Glyph");
            Py_DECREF(out);
            PyMem_Free(memo);
            return NULL;
        }
        PyList_SET_ITEM(out, k, Py_NewRef(other ? Py_True : Py_False));
        before = other;
    }
    PyMem_Free(memo);
    return out;
}
