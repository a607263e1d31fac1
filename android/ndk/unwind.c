/* A minimal libunwind for the app's library, which the release profile
 * builds with panic = "abort": nothing in it ever unwinds. Rust's standard
 * library still refers to these functions (its panic runtime's personality
 * routine and its backtraces), so they must be defined; here a backtrace
 * is empty and an attempt to unwind aborts, which is what panic = "abort"
 * does anyway. Built into libunwind.a, which Rust links for Android. */

#include <stdint.h>

extern void abort(void) __attribute__((noreturn));

struct _Unwind_Context;
struct _Unwind_Exception;
typedef enum { _URC_END_OF_STACK = 5 } _Unwind_Reason_Code;
typedef _Unwind_Reason_Code (*_Unwind_Trace_Fn)(struct _Unwind_Context *, void *);

#define HIDDEN __attribute__((visibility("hidden")))

/* No frames to walk: a backtrace has no lines. */
HIDDEN _Unwind_Reason_Code _Unwind_Backtrace(_Unwind_Trace_Fn trace, void *argument) {
    (void)trace;
    (void)argument;
    return _URC_END_OF_STACK;
}

HIDDEN void _Unwind_Resume(struct _Unwind_Exception *exception) {
    (void)exception;
    abort();
}

/* The frame queries and updates a personality routine makes; never
 * reached, since no frame is ever handed to one. */
HIDDEN uintptr_t _Unwind_GetIP(struct _Unwind_Context *context) {
    (void)context;
    return 0;
}

HIDDEN uintptr_t _Unwind_GetIPInfo(struct _Unwind_Context *context, int *before_instruction) {
    (void)context;
    *before_instruction = 0;
    return 0;
}

HIDDEN uintptr_t _Unwind_GetRegionStart(struct _Unwind_Context *context) {
    (void)context;
    return 0;
}

HIDDEN uintptr_t _Unwind_GetDataRelBase(struct _Unwind_Context *context) {
    (void)context;
    return 0;
}

HIDDEN uintptr_t _Unwind_GetTextRelBase(struct _Unwind_Context *context) {
    (void)context;
    return 0;
}

HIDDEN uintptr_t _Unwind_GetLanguageSpecificData(struct _Unwind_Context *context) {
    (void)context;
    return 0;
}

HIDDEN void _Unwind_SetGR(struct _Unwind_Context *context, int index, uintptr_t value) {
    (void)context;
    (void)index;
    (void)value;
    abort();
}

HIDDEN void _Unwind_SetIP(struct _Unwind_Context *context, uintptr_t value) {
    (void)context;
    (void)value;
    abort();
}
