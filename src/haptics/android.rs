//! Android's vibrator, over JNI: `Vibrator.vibrate(VibrationEffect
//! .createOneShot(ms, amplitude), attributes)`, the attributes marking
//! each buzz as touch feedback so that the phone's own touch vibration
//! setting (and Do Not Disturb) decides whether it is felt.
//!
//! The Java VM and the activity come from `ndk-context`, which
//! android-activity fills in before `android_main` runs. The vibrator is
//! looked up once when the app starts; each buzz is then one call on the
//! vibrator's thread (`super::run`). The `VIBRATE` permission, granted at
//! install with no prompt, is declared in android/AndroidManifest.xml.

use super::{Buzz, Motor};
use jni::objects::JObject;
use jni::refs::{Global, Reference as _};
use jni::strings::JNIStr;
use jni::vm::JavaVM;
use jni::{jni_sig, jni_str, Env, JValue};

/// `Context.VIBRATOR_SERVICE`.
const VIBRATOR_SERVICE: &str = "vibrator";
/// `VibrationAttributes.USAGE_TOUCH` (API 33): touch feedback.
const USAGE_TOUCH: i32 = 18;
/// `AudioAttributes.USAGE_ASSISTANCE_SONIFICATION`: what Android before 13
/// takes for touch feedback in a vibration's audio attributes.
const USAGE_ASSISTANCE_SONIFICATION: i32 = 13;
/// `AudioAttributes.CONTENT_TYPE_SONIFICATION`.
const CONTENT_TYPE_SONIFICATION: i32 = 4;
/// Android 13, where `VibrationAttributes` and
/// `Vibrator.vibrate(VibrationEffect, VibrationAttributes)` arrive.
const TIRAMISU: i32 = 33;

/// The phone's vibrator and the attributes each buzz is given.
struct AndroidMotor {
    vm: JavaVM,
    vibrator: Global<JObject<'static>>,
    attributes: Global<JObject<'static>>,
    /// The attributes are `VibrationAttributes` (Android 13 and later),
    /// else `AudioAttributes`.
    vibration_attributes: bool,
}

/// The phone's vibrator, `None` when it has none.
pub(super) fn open() -> Result<Option<Box<dyn Motor>>, String> {
    let context = ndk_context::android_context();
    if context.vm().is_null() || context.context().is_null() {
        return Err("no Android context".into());
    }
    // SAFETY: android-activity set the context to its Java VM, valid for
    // the life of the process.
    let vm = unsafe { JavaVM::from_raw(context.vm().cast()) };
    let activity: jni::sys::jobject = context.context().cast();
    let opened = vm.attach_current_thread(|env| -> jni::errors::Result<_> {
        // SAFETY: the context is the activity, a global reference that
        // android-activity keeps for the life of the process.
        let activity = unsafe { env.as_cast_raw::<Global<JObject<'static>>>(&activity)? };
        let name = env.new_string(VIBRATOR_SERVICE)?;
        let vibrator = env
            .call_method(
                &*activity,
                jni_str!("getSystemService"),
                jni_sig!("(Ljava/lang/String;)Ljava/lang/Object;"),
                &[JValue::Object(&name)],
            )?
            .l()?;
        if vibrator.is_null() {
            return Ok(None);
        }
        let has = env
            .call_method(&vibrator, jni_str!("hasVibrator"), jni_sig!("()Z"), &[])?
            .z()?;
        if !has {
            return Ok(None);
        }
        let sdk = env
            .get_static_field(
                jni_str!("android/os/Build$VERSION"),
                jni_str!("SDK_INT"),
                jni_sig!("I"),
            )?
            .i()?;
        let vibration_attributes = sdk >= TIRAMISU;
        let attributes = if vibration_attributes {
            touch_vibration_attributes(env)?
        } else {
            touch_audio_attributes(env)?
        };
        Ok(Some(AndroidMotor {
            vm: vm.clone(),
            vibrator: env.new_global_ref(vibrator)?,
            attributes: env.new_global_ref(attributes)?,
            vibration_attributes,
        }))
    });
    match opened {
        Ok(motor) => Ok(motor.map(|m| Box::new(m) as Box<dyn Motor>)),
        Err(e) => Err(format!("the vibrator cannot be reached: {e}")),
    }
}

/// `VibrationAttributes.createForUsage(USAGE_TOUCH)`.
fn touch_vibration_attributes<'local>(
    env: &mut Env<'local>,
) -> jni::errors::Result<JObject<'local>> {
    env.call_static_method(
        jni_str!("android/os/VibrationAttributes"),
        jni_str!("createForUsage"),
        jni_sig!("(I)Landroid/os/VibrationAttributes;"),
        &[JValue::Int(USAGE_TOUCH)],
    )?
    .l()
}

/// `new AudioAttributes.Builder().setUsage(USAGE_ASSISTANCE_SONIFICATION)
/// .setContentType(CONTENT_TYPE_SONIFICATION).build()`.
fn touch_audio_attributes<'local>(env: &mut Env<'local>) -> jni::errors::Result<JObject<'local>> {
    let builder = env.new_object(
        jni_str!("android/media/AudioAttributes$Builder"),
        jni_sig!("()V"),
        &[],
    )?;
    let set = |env: &mut Env<'local>, method: &JNIStr, value: i32| {
        env.call_method(
            &builder,
            method,
            jni_sig!("(I)Landroid/media/AudioAttributes$Builder;"),
            &[JValue::Int(value)],
        )
        .map(drop)
    };
    set(env, jni_str!("setUsage"), USAGE_ASSISTANCE_SONIFICATION)?;
    set(env, jni_str!("setContentType"), CONTENT_TYPE_SONIFICATION)?;
    env.call_method(
        &builder,
        jni_str!("build"),
        jni_sig!("()Landroid/media/AudioAttributes;"),
        &[],
    )?
    .l()
}

impl Motor for AndroidMotor {
    fn vibrate(&mut self, buzz: Buzz) -> Result<(), String> {
        self.vm
            .attach_current_thread(|env| -> jni::errors::Result<()> {
                let effect = env
                    .call_static_method(
                        jni_str!("android/os/VibrationEffect"),
                        jni_str!("createOneShot"),
                        jni_sig!("(JI)Landroid/os/VibrationEffect;"),
                        &[
                            JValue::Long(buzz.millis.max(1).into()),
                            JValue::Int(buzz.strength.max(1).into()),
                        ],
                    )?
                    .l()?;
                let signature = if self.vibration_attributes {
                    jni_sig!("(Landroid/os/VibrationEffect;Landroid/os/VibrationAttributes;)V")
                } else {
                    jni_sig!("(Landroid/os/VibrationEffect;Landroid/media/AudioAttributes;)V")
                };
                env.call_method(
                    &*self.vibrator,
                    jni_str!("vibrate"),
                    signature,
                    &[JValue::Object(&effect), JValue::Object(&self.attributes)],
                )?
                .v()
            })
            .map_err(|e| e.to_string())
    }
}
