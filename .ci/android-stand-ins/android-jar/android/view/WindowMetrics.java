package android.view;

import android.graphics.Rect;

public final class WindowMetrics {
    public Rect getBounds() { return null; }
    public WindowInsets getWindowInsets() { return null; }
}
