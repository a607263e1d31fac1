package android.graphics;

public enum BlendMode {
    SRC_IN
}
