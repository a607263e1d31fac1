package android.view;

import java.util.List;

public final class WindowInsetsAnimation {
    public abstract static class Callback {
        public static final int DISPATCH_MODE_CONTINUE_ON_SUBTREE = 1;

        public Callback(int dispatchMode) {}

        public abstract WindowInsets onProgress(WindowInsets insets, List<WindowInsetsAnimation> runningAnimations);
    }
}
