package android.view;

public interface WindowManager {
    WindowMetrics getCurrentWindowMetrics();
}
