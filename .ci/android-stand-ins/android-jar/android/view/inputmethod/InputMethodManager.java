package android.view.inputmethod;

import android.os.IBinder;
import android.view.View;

public final class InputMethodManager {
    public void restartInput(View view) {}
    public void updateSelection(View view, int selStart, int selEnd, int candidatesStart, int candidatesEnd) {}
    public boolean showSoftInput(View view, int flags) { return false; }
    public boolean hideSoftInputFromWindow(IBinder windowToken, int flags) { return false; }
}
