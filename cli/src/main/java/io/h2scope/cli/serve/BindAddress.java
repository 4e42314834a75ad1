package io.h2scope.cli.serve;

import java.net.InetAddress;
import java.net.UnknownHostException;
import picocli.CommandLine;

/** {@code serve --host}: a name or address that resolves, checked while the command line is parsed. */
final class BindAddress implements CommandLine.ITypeConverter<String> {

    @Override
    public String convert(String value) {
        try {
            InetAddress.getByName(value);
            return value;
        } catch (UnknownHostException e) {
            throw new CommandLine.TypeConversionException("cannot resolve '" + value + "' (unknown host); give an "
                    + "address of this machine, e.g. 127.0.0.1, or 0.0.0.0 for every interface");
        }
    }
}
