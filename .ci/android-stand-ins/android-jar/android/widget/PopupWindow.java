package android.widget;

import android.content.Context;
import android.util.AttributeSet;
import android.view.View;

public class PopupWindow {
    public PopupWindow(Context context, AttributeSet attrs, int defStyleAttr) {}

    public void setSplitTouchEnabled(boolean enabled) {}
    public void setClippingEnabled(boolean enabled) {}
    public void setWidth(int width) {}
    public void setHeight(int height) {}
    public int getWidth() { return 0; }
    public void setContentView(View contentView) {}
    public void showAtLocation(View parent, int gravity, int x, int y) {}
    public void update(int x, int y, int width, int height) {}
    public void dismiss() {}
}
