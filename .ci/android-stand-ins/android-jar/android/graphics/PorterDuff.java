package android.graphics;

public class PorterDuff {
    public enum Mode {
        SRC_IN
    }
}
