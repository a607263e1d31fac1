package android.content;

public class ClipData {
    public static class Item {
        public CharSequence getText() { return null; }
    }

    public static ClipData newPlainText(CharSequence label, CharSequence text) { return null; }
    public Item getItemAt(int index) { return null; }
}
