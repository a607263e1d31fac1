package android.content;

public class ClipboardManager {
    public boolean hasPrimaryClip() { return false; }
    public ClipData getPrimaryClip() { return null; }
    public void setPrimaryClip(ClipData clip) {}
}
