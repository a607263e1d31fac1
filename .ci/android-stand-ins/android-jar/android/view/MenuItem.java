package android.view;

import android.graphics.drawable.Drawable;

public interface MenuItem {
    int getItemId();
    MenuItem setAlphabeticShortcut(char alphaChar);
    MenuItem setIcon(Drawable icon);
}
