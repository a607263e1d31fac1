package com.android.tools.r8;

import java.io.File;
import java.io.IOException;

/**
 * Stands in for the Android SDK's d8 in .ci/android-check.sh: takes d8's
 * command line, checks that it names class files that exist, and writes an
 * empty classes.dex in the --output folder. It converts nothing.
 */
public final class D8 {
    public static void main(String[] args) throws IOException {
        File output = new File(".");
        int classes = 0;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--output") || arg.equals("--lib") || arg.equals("--classpath")
                    || arg.equals("--min-api")) {
                if (i + 1 == args.length) {
                    fail(arg + " needs a value");
                }
                if (arg.equals("--output")) {
                    output = new File(args[i + 1]);
                }
                i++;
            } else if (arg.startsWith("--")) {
                continue; // --release, --debug and the like
            } else if (arg.endsWith(".class") && new File(arg).isFile()) {
                classes++;
            } else {
                fail("not a class file: " + arg);
            }
        }
        if (classes == 0) {
            fail("no class files given");
        }
        if (!output.isDirectory()) {
            fail("no output folder " + output);
        }
        new File(output, "classes.dex").delete();
        if (!new File(output, "classes.dex").createNewFile()) {
            fail("cannot write " + output + "/classes.dex");
        }
    }

    private static void fail(String message) {
        System.err.println("d8 stand-in: " + message);
        System.exit(1);
    }
}
