package android.text;

public class SpannableStringBuilder implements Editable {
    public SpannableStringBuilder(CharSequence text) {}

    public SpannableStringBuilder replace(int start, int end, CharSequence tb, int tbstart, int tbend) { return this; }
    public SpannableStringBuilder replace(int start, int end, CharSequence tb) { return this; }
    public int length() { return 0; }
    public char charAt(int where) { return 0; }
    public CharSequence subSequence(int start, int end) { return null; }
    public String toString() { return ""; }
}
