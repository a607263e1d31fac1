package android.view.inputmethod;

public interface InputConnection {
    boolean beginBatchEdit();
    boolean endBatchEdit();
}
