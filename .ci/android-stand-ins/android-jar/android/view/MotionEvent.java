package android.view;

public final class MotionEvent {
    public static final int ACTION_DOWN = 0;
    public static final int ACTION_UP = 1;
    public static final int ACTION_MOVE = 2;
    public static final int ACTION_CANCEL = 3;

    public final int getActionMasked() { return 0; }
    public final float getRawX() { return 0; }
    public final float getRawY() { return 0; }
}
