/* The end object of a shared library on Android, in place of the NDK's
 * crtend_so.o. The NDK's holds only the zero word that ends .eh_frame;
 * lld writes the unwind tables' end (and .eh_frame_hdr) itself, so nothing
 * is needed here. The object exists because clang's driver links one. */
typedef int empty_translation_unit_is_not_valid_c;
