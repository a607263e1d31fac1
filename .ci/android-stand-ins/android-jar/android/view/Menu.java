package android.view;

public interface Menu {
    int FIRST = 1;

    MenuItem add(int groupId, int itemId, int order, int titleRes);
    void setGroupDividerEnabled(boolean groupDividerEnabled);
}
