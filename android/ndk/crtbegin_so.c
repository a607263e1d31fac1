/* The start object of a shared library on Android, in place of the NDK's
 * crtbegin_so.o: what the NDK's gives a library that Rust's code uses. */

extern int __cxa_atexit(void (*)(void *), void *, void *);
extern void __cxa_finalize(void *);

/* The library's identity for the C library: Rust's standard library hands it
 * to __cxa_thread_atexit_impl with each thread-local destructor, so that they
 * are forgotten if the library is unloaded. */
__attribute__((visibility("hidden"))) void *__dso_handle = &__dso_handle;

/* On unloading, run the exit handlers registered for this library. */
__attribute__((visibility("hidden"), destructor)) static void on_unload(void) {
    __cxa_finalize(&__dso_handle);
}

/* Bionic's libc exports no atexit: each library's start object supplies
 * one that ties the handler to the library. */
__attribute__((visibility("hidden"))) int atexit(void (*handler)(void)) {
    return __cxa_atexit((void (*)(void *))handler, 0, &__dso_handle);
}

/* The API level the library was built for, in the note that Android's tools
 * (and `readelf -n`) read: name "Android", type 1, the level as a 32-bit
 * number. */
#ifndef ANDROID_API_LEVEL
#error "build with -DANDROID_API_LEVEL=<level>"
#endif
__attribute__((section(".note.android.ident"), aligned(4), used)) static const struct {
    unsigned name_size, desc_size, type;
    char name[8];
    unsigned api_level;
} android_ident = {8, 4, 1, "Android", ANDROID_API_LEVEL};
