package android.util;

public interface AttributeSet {}
