package android;

/** The resource ids the helper names (the values are Android's). */
public final class R {
    public static final class attr {
        public static final int actionModeCopyDrawable = 0x01010312;
        public static final int actionModeCutDrawable = 0x01010311;
        public static final int actionModePasteDrawable = 0x01010313;
        public static final int actionModeSelectAllDrawable = 0x0101037e;
        public static final int colorAccent = 0x01010435;
        public static final int textSelectHandle = 0x01010303;
        public static final int textSelectHandleLeft = 0x01010301;
        public static final int textSelectHandleRight = 0x01010302;
        public static final int textSelectHandleWindowStyle = 0x01010308;
    }

    public static final class string {
        public static final int copy = 0x01040001;
        public static final int cut = 0x01040003;
        public static final int paste = 0x0104000b;
        public static final int selectAll = 0x0104000d;
    }
}
