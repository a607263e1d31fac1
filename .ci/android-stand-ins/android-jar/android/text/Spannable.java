package android.text;

public interface Spannable extends CharSequence {}
