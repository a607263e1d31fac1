// The Android app is the crate's library built by cargo-ndk for each ABI
// (app/src/main/jniLibs/<abi>/libchaupar.so) around a NativeActivity; this
// project adds the manifest, the launcher icons and the APK/AAB packaging.
// Steps, versions and signing: docs/android.md.

plugins {
    id("com.android.application")
}

// Skia, which Slint draws with on Android, ships prebuilt for these two
// only; 32-bit ARM would need Skia built from source.
val rustAbis = listOf("arm64-v8a", "x86_64")

android {
    namespace = "org.chaupar.chaupar"
    compileSdk = 35
    buildToolsVersion = "35.0.0"
    ndkVersion = "27.2.12479018"

    defaultConfig {
        applicationId = "org.chaupar.chaupar"
        minSdk = 26
        targetSdk = 35
        versionCode = 1
        versionName = "0.1.0"
        ndk {
            abiFilters += rustAbis
        }
    }

    buildTypes {
        release {
            // No Java or Kotlin code to shrink. Left unsigned: the release key
            // stays out of the build and apksigner signs (docs/android.md).
            isMinifyEnabled = false
        }
    }
}

val cargoNdk by tasks.registering(Exec::class) {
    description = "Builds libchaupar.so for every ABI with cargo-ndk."
    workingDir = rootDir.parentFile
    val abiArgs = rustAbis.flatMap { listOf("-t", it) }
    // Slint's build script needs the SDK (android.jar, d8) and cargo-ndk the NDK.
    doFirst {
        environment("ANDROID_HOME", androidComponents.sdkComponents.sdkDirectory.get().asFile.path)
        environment("ANDROID_NDK_HOME", androidComponents.sdkComponents.ndkDirectory.get().asFile.path)
    }
    // Google Play wants native code aligned for 16 KB memory pages; NDK r27
    // links for 4 KB unless told.
    for (triple in listOf("AARCH64_LINUX_ANDROID", "X86_64_LINUX_ANDROID")) {
        environment("CARGO_TARGET_${triple}_RUSTFLAGS", "-C link-arg=-Wl,-z,max-page-size=16384")
    }
    commandLine(
        listOf("cargo", "ndk", "--platform", "${android.defaultConfig.minSdk}") + abiArgs +
            listOf("-o", "android/app/src/main/jniLibs", "build", "--release", "--lib", "--features", "android"),
    )
}

tasks.named("preBuild") {
    dependsOn(cargoNdk)
}
