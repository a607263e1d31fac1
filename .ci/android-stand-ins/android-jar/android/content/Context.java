package android.content;

import android.content.res.Resources;
import android.content.res.TypedArray;

public abstract class Context {
    public static final String CLIPBOARD_SERVICE = "clipboard";
    public static final String INPUT_METHOD_SERVICE = "input_method";

    public Object getSystemService(String name) { return null; }
    public Resources getResources() { return null; }
    public Resources.Theme getTheme() { return null; }
    public final TypedArray obtainStyledAttributes(int[] attrs) { return null; }
    public final int getColor(int id) { return 0; }
}
