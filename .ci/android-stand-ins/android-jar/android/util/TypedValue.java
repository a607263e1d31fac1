package android.util;

public class TypedValue {
    public int resourceId;
}
