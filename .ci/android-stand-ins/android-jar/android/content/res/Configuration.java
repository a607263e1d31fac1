package android.content.res;

public final class Configuration {
    public static final int UI_MODE_NIGHT_MASK = 0x30;

    public float fontScale;
    public int uiMode;
}
