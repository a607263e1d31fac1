package android.graphics;

public final class Rect {
    public int left;
    public int top;
    public int right;
    public int bottom;

    public Rect() {}
    public Rect(int left, int top, int right, int bottom) {}
    public void set(int left, int top, int right, int bottom) {}
    public void set(Rect src) {}
}
