package android.view;

import android.graphics.Insets;

public final class WindowInsets {
    public static final class Type {
        public static int ime() { return 8; }
        public static int systemBars() { return 519; }
        public static int displayCutout() { return 128; }
    }

    public Insets getInsets(int typeMask) { return null; }
    public int getStableInsetLeft() { return 0; }
    public int getStableInsetTop() { return 0; }
    public int getStableInsetRight() { return 0; }
    public int getStableInsetBottom() { return 0; }
}
