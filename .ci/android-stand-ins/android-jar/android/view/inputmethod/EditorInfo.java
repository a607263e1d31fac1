package android.view.inputmethod;

public class EditorInfo {
    public static final int TYPE_CLASS_TEXT = 1;
    public static final int IME_FLAG_NO_EXTRACT_UI = 0x10000000;

    public int inputType;
    public int imeOptions;
    public int initialSelStart;
    public int initialSelEnd;
}
