package android.text;

public class Selection {
    public static int getSelectionStart(CharSequence text) { return 0; }
    public static int getSelectionEnd(CharSequence text) { return 0; }
    public static void setSelection(Spannable text, int start, int stop) {}
}
