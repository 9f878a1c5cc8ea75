/* rookery.parsers.pdf._speedups: the PDF reader's per-glyph loops, compiled. Each is the
 * twin of a Python function that stays the reference and the fallback where this module
 * was not built (no C compiler at install); the tests hold each pair to equal output.
 *
 *   glyphs(...)     chars._python_glyphs: a page's glyphs from PDFium (chars.c)
 *   fragments(...)  glyphs._python_fragments: a page's glyphs into fragments (fragments.c)
 *   usual_widths(...), other_forms(...)  typography's twins: letters' advances (letters.c)
 *   text_runs(...)  paragraphs._python_text_runs: a line's text and runs of type (lines.c)
 */
#include "speedups.h"
#include <structmember.h>

static const char *FIELD_NAMES[N_FIELDS] = {
    "text", "x0", "x1", "top", "bottom", "size", "family", "bold", "italic", "color", "cid",
    "space_after", "base",
};

int glyph_layout(PyObject *glyph_type, GlyphLayout *layout) {
    if (!PyType_Check(glyph_type))
        goto wrong;
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
    layout->type = (PyTypeObject *)glyph_type;
    return 1;
wrong:
    PyErr_Clear();
    PyErr_SetString(PyExc_TypeError, "the glyph class is not glyphs.Glyph as this module "
                    "knows it; rebuild rookery's compiled parts");
    return 0;
}

PyObject *new_glyph(const GlyphLayout *layout, PyObject *const *fields) {
    PyObject *glyph = layout->type->tp_alloc(layout->type, 0);
    if (glyph == NULL)
        return NULL;
    for (int k = 0; k < N_FIELDS; k++)
        *(PyObject **)((char *)glyph + layout->offsets[k]) = Py_NewRef(fields[k]);
    return glyph;
}

static PyMethodDef methods[] = {
    {"glyphs", (PyCFunction)(void (*)(void))read_glyphs, METH_FASTCALL,
     "glyphs(calls, textpage, height, Glyph, unknown, styles, make_style, make_cid, "
     "origin_noise): "
     "a page's glyphs from a PDFium text page, as chars._python_glyphs reads them."},
    {"fragments", (PyCFunction)(void (*)(void))make_fragments, METH_FASTCALL,
     "fragments(glyphs, page, Glyph, Fragment, constants): a page's glyphs grouped into "
     "fragments, as glyphs._python_fragments groups them."},
    {"usual_widths", (PyCFunction)(void (*)(void))usual_widths, METH_FASTCALL,
     "usual_widths(lines, Glyph, round): as typography._python_usual_widths."},
    {"other_forms", (PyCFunction)(void (*)(void))other_forms, METH_FASTCALL,
     "other_forms(lines, usual, Glyph, variant, least, share, carried_least, "
     "carried_share): as typography._python_other_forms."},
    {"text_runs", (PyCFunction)(void (*)(void))text_runs, METH_FASTCALL,
     "text_runs(glyphs, Glyph, unknown): as paragraphs._python_text_runs."},
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
