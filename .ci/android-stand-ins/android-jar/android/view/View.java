package android.view;

import android.content.Context;
import android.content.res.Configuration;
import android.graphics.Rect;
import android.os.IBinder;
import android.view.inputmethod.EditorInfo;
import android.view.inputmethod.InputConnection;

public class View {
    public static final int VISIBLE = 0;

    public interface OnApplyWindowInsetsListener {
        WindowInsets onApplyWindowInsets(View v, WindowInsets insets);
    }

    public View(Context context) {}

    public final Context getContext() { return null; }
    public void setFocusable(boolean focusable) {}
    public void setFocusableInTouchMode(boolean focusableInTouchMode) {}
    public final boolean requestFocus() { return false; }
    public void clearFocus() {}
    public void setVisibility(int visibility) {}
    public boolean onCheckIsTextEditor() { return false; }
    public InputConnection onCreateInputConnection(EditorInfo outAttrs) { return null; }
    protected void onConfigurationChanged(Configuration newConfig) {}
    public boolean onTouchEvent(MotionEvent event) { return false; }
    public ActionMode startActionMode(ActionMode.Callback callback, int type) { return null; }
    public void setOnApplyWindowInsetsListener(OnApplyWindowInsetsListener listener) {}
    public void setWindowInsetsAnimationCallback(WindowInsetsAnimation.Callback callback) {}
    public WindowInsets getRootWindowInsets() { return null; }
    public View getRootView() { return null; }
    public ViewTreeObserver getViewTreeObserver() { return null; }
    public void getWindowVisibleDisplayFrame(Rect outRect) {}
    public IBinder getWindowToken() { return null; }
    public final int getLeft() { return 0; }
    public final int getTop() { return 0; }
    public final int getRight() { return 0; }
    public final int getBottom() { return 0; }
    public final int getHeight() { return 0; }
}
