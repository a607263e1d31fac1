package android.view;

import android.content.Context;

public abstract class ViewGroup extends View {
    public static class LayoutParams {
        public static final int MATCH_PARENT = -1;

        public LayoutParams(int width, int height) {}
    }

    public ViewGroup(Context context) {
        super(context);
    }
}
