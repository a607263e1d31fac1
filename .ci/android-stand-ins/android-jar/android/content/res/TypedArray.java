package android.content.res;

import android.graphics.drawable.Drawable;

public class TypedArray {
    public Drawable getDrawable(int index) { return null; }
    public void recycle() {}
}
