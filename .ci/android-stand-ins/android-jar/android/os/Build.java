package android.os;

public class Build {
    public static class VERSION {
        public static final int SDK_INT = Integer.parseInt("0");
    }

    public static class VERSION_CODES {
        public static final int R = 30;
        public static final int UPSIDE_DOWN_CAKE = 34;
    }
}
