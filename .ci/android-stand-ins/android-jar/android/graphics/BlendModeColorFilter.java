package android.graphics;

public final class BlendModeColorFilter extends ColorFilter {
    public BlendModeColorFilter(int color, BlendMode mode) {}
}
