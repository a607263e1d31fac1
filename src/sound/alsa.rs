//! The audio output on Linux: ALSA's `libasound.so.2`, loaded when the
//! sound thread starts rather than linked, so that building the app needs
//! no headers and no pkg-config. On desktops with PipeWire or PulseAudio
//! ALSA's default device plays through the sound server.

use super::output::Output;
use super::synth::RATE;
use libloading::Library;
use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void, CStr, CString};

/// The environment variable naming the ALSA device to play on
/// (`default` when unset), such as `pulse` or `hw:1`.
pub const DEVICE_VAR: &str = "CHAUPAR_AUDIO_DEVICE";

/// How much sound is written ahead: a cue is heard this long after it is
/// handed over, at most.
const LATENCY_US: c_uint = 30_000;

const STREAM_PLAYBACK: c_int = 0;
const OPEN_NONBLOCK: c_int = 1;
const ACCESS_RW_INTERLEAVED: c_int = 3;
#[cfg(target_endian = "little")]
const FORMAT_S16: c_int = 2;
#[cfg(target_endian = "big")]
const FORMAT_S16: c_int = 3;

/// ALSA's PCM handle, never looked into.
#[repr(C)]
struct Pcm {
    _private: [u8; 0],
}

/// ALSA's error handler type: it is variadic.
type ErrorHandler =
    unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char, ...);

/// The few functions of libasound the output needs.
struct Api {
    open: unsafe extern "C" fn(*mut *mut Pcm, *const c_char, c_int, c_int) -> c_int,
    nonblock: unsafe extern "C" fn(*mut Pcm, c_int) -> c_int,
    set_params:
        unsafe extern "C" fn(*mut Pcm, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int,
    get_params: unsafe extern "C" fn(*mut Pcm, *mut c_ulong, *mut c_ulong) -> c_int,
    writei: unsafe extern "C" fn(*mut Pcm, *const c_void, c_ulong) -> c_long,
    recover: unsafe extern "C" fn(*mut Pcm, c_int, c_int) -> c_int,
    drain: unsafe extern "C" fn(*mut Pcm) -> c_int,
    prepare: unsafe extern "C" fn(*mut Pcm) -> c_int,
    close: unsafe extern "C" fn(*mut Pcm) -> c_int,
    strerror: unsafe extern "C" fn(c_int) -> *const c_char,
    set_error_handler: unsafe extern "C" fn(Option<ErrorHandler>) -> c_int,
    /// Kept loaded while the functions above are used.
    _lib: Library,
}

impl Api {
    fn load() -> Result<Api, String> {
        // SAFETY: loading libasound runs no code of ours; its initialisers
        // are the library's own.
        let lib = unsafe { Library::new("libasound.so.2") }
            .map_err(|_| "no ALSA library (libasound.so.2)".to_string())?;
        // SAFETY: each type is the function's C prototype in alsa-lib's
        // headers (pcm.h, error.h), stable since ALSA 1.0.
        unsafe {
            macro_rules! get {
                ($name:literal) => {
                    *lib.get(concat!($name, "\0").as_bytes())
                        .map_err(|_| format!("libasound.so.2 has no {}", $name))?
                };
            }
            Ok(Api {
                open: get!("snd_pcm_open"),
                nonblock: get!("snd_pcm_nonblock"),
                set_params: get!("snd_pcm_set_params"),
                get_params: get!("snd_pcm_get_params"),
                writei: get!("snd_pcm_writei"),
                recover: get!("snd_pcm_recover"),
                drain: get!("snd_pcm_drain"),
                prepare: get!("snd_pcm_prepare"),
                close: get!("snd_pcm_close"),
                strerror: get!("snd_strerror"),
                set_error_handler: get!("snd_lib_error_set_handler"),
                _lib: lib,
            })
        }
    }

    fn error(&self, code: c_int) -> String {
        // SAFETY: snd_strerror returns a static string for any code.
        let text = unsafe { (self.strerror)(code) };
        if text.is_null() {
            return format!("error {code}");
        }
        // SAFETY: non-null, a NUL-terminated static string.
        unsafe { CStr::from_ptr(text) }
            .to_string_lossy()
            .into_owned()
    }
}

/// ALSA's messages on stderr, dropped: a machine without sound would
/// otherwise print several lines where the app prints one.
unsafe extern "C" fn quiet(
    _file: *const c_char,
    _line: c_int,
    _function: *const c_char,
    _err: c_int,
    _fmt: *const c_char,
) {
}

/// An open ALSA playback device.
pub struct Alsa {
    api: Api,
    pcm: *mut Pcm,
    block: usize,
}

/// Opens the ALSA device [`DEVICE_VAR`] names, or the default one.
pub fn open() -> Result<Box<dyn Output>, String> {
    let name = std::env::var(DEVICE_VAR).unwrap_or_else(|_| "default".into());
    open_device(&name)
}

fn open_device(name: &str) -> Result<Box<dyn Output>, String> {
    let api = Api::load()?;
    // SAFETY: `quiet` takes the handler's fixed arguments and ignores the
    // rest; with the C calling convention of the platforms that have ALSA
    // a variadic caller passes the fixed arguments as for a plain
    // function, so the handler reads them correctly.
    unsafe {
        let handler = std::mem::transmute::<
            unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char),
            ErrorHandler,
        >(quiet);
        (api.set_error_handler)(Some(handler));
    }
    let c_name = CString::new(name).map_err(|_| format!("bad device name {name:?}"))?;
    let mut pcm: *mut Pcm = std::ptr::null_mut();
    // SAFETY: ALSA writes the handle through the pointer; opening without
    // blocking, so a busy device is an error instead of a wait.
    let code = unsafe { (api.open)(&mut pcm, c_name.as_ptr(), STREAM_PLAYBACK, OPEN_NONBLOCK) };
    if code < 0 || pcm.is_null() {
        return Err(format!(
            "cannot open the sound device {name:?}: {}",
            api.error(code)
        ));
    }
    let mut alsa = Alsa { api, pcm, block: 0 };
    // SAFETY: `pcm` is open; the arguments are those the prototypes ask.
    unsafe {
        let code = (alsa.api.nonblock)(pcm, 0);
        if code < 0 {
            return Err(format!("sound device {name:?}: {}", alsa.api.error(code)));
        }
        let code = (alsa.api.set_params)(
            pcm,
            FORMAT_S16,
            ACCESS_RW_INTERLEAVED,
            1,
            RATE,
            1,
            LATENCY_US,
        );
        if code < 0 {
            return Err(format!(
                "sound device {name:?} refuses 16-bit mono at {RATE} Hz: {}",
                alsa.api.error(code)
            ));
        }
        let (mut buffer, mut period): (c_ulong, c_ulong) = (0, 0);
        let code = (alsa.api.get_params)(pcm, &mut buffer, &mut period);
        alsa.block = if code < 0 || period == 0 {
            (RATE / 200) as usize
        } else {
            period as usize
        };
    }
    Ok(Box::new(alsa))
}

impl Output for Alsa {
    fn block(&self) -> usize {
        self.block
    }

    fn write(&mut self, samples: &[i16]) -> Result<(), String> {
        let mut rest = samples;
        let mut recoveries = 0;
        while !rest.is_empty() {
            // SAFETY: `rest` holds `rest.len()` mono frames of i16, the
            // format the device was set to.
            let n =
                unsafe { (self.api.writei)(self.pcm, rest.as_ptr().cast(), rest.len() as c_ulong) };
            if n >= 0 {
                rest = &rest[(n as usize).min(rest.len())..];
                continue;
            }
            // An underrun (nothing was written for a while) or a suspend:
            // ALSA gets the device going again.
            recoveries += 1;
            // SAFETY: `pcm` is open.
            let code = unsafe { (self.api.recover)(self.pcm, n as c_int, 1) };
            if code < 0 || recoveries > 3 {
                return Err(self.api.error(n as c_int));
            }
        }
        Ok(())
    }

    fn pause(&mut self) {
        // SAFETY: `pcm` is open. Draining waits for what was written to be
        // heard; preparing readies the device for the next write.
        unsafe {
            (self.api.drain)(self.pcm);
            (self.api.prepare)(self.pcm);
        }
    }
}

impl Drop for Alsa {
    fn drop(&mut self) {
        // SAFETY: `pcm` is open and not used after this.
        unsafe {
            (self.api.close)(self.pcm);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_that_is_not_there_is_an_error_that_names_it() {
        let Err(e) = open_device("chaupar-no-such-device") else {
            panic!("opened a device that does not exist");
        };
        assert!(
            e.contains("chaupar-no-such-device") || e.contains("no ALSA library"),
            "{e}"
        );
        assert!(open_device("bad\0name").is_err());
    }
}
